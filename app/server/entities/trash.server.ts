import { count, desc, eq, lte, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { TRASH_KINDS, type TrashKind } from "~/lib/activity";
import { HttpError, notFound } from "~/server/base/errors.server";
import type { Paging } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { references, trash, trashedPictures, trashRows } from "~/server/db/schema";
import { imageUrl, type PictureKind } from "~/server/images/keys.server";
import { parseRenditionWidths, type PictureSource, renditionSources } from "~/server/images/renditions.server";
import { noteDeletions, removeFiles, storedKeys } from "~/server/images/storage.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { ALERT_TRASH } from "./alerts.server";
import { CATEGORY_TRASH } from "./categories.server";
import { ENQUIRY_TRASH } from "./job/enquiries.server";
import { NEWS_TRASH } from "./news.server";
import { SPECIAL_HOURS_TRASH } from "./opening-hours.server";
import { PROJECT_TRASH } from "./projects.server";
import { REFERENCE_TRASH } from "./references.server";
import { REPLY_SNIPPET_TRASH } from "./job/reply-snippets.server";
import { storedColumn, type TrashRules } from "./trash-rows.server";

/*
 * The Papierkorb (decision 016): what staff deleted, newest first; "Wiederherstellen" puts an
 * item back as it was, "Endgültig löschen" (or the scheduled handler, after TRASH_KEEP_DAYS)
 * deletes it with its picture files. Each entity module moves its items in and says how they
 * come back (trash-rows.server.ts); this module knows every kind.
 */

const RULES: Record<TrashKind, TrashRules> = {
  news: NEWS_TRASH,
  alert: ALERT_TRASH,
  "special-hours": SPECIAL_HOURS_TRASH,
  reference: REFERENCE_TRASH,
  category: CATEGORY_TRASH,
  enquiry: ENQUIRY_TRASH,
  "reply-snippet": REPLY_SNIPPET_TRASH,
  project: PROJECT_TRASH,
};

/** The Papierkorb holds 30 days of deletions; the API gives them in pages like the other lists. */
export const TRASH_API_PAGE_SIZE = 50;
export const TRASH_API_MAX_PAGE_SIZE = 100;

export const TRASH_NOT_FOUND = "Dieser Eintrag ist nicht (mehr) im Papierkorb.";

export interface TrashEntry {
  id: string;
  kind: TrashKind;
  title: string;
  /** ISO 8601. */
  deletedAt: string;
  deletedBy: string;
  /** When it is deleted for good, ISO 8601. */
  purgeAfter: string;
  /** A picture's own renditions, so staff see what they restore; null for every other kind. */
  picture: { id: string; url: string; width: number | null; height: number | null; sources: PictureSource[] } | null;
}

const stored = (column: string) => storedColumn(sql`${trash.id}`, references, column);

/** The entries' columns, and a picture's own from its stored row. */
const entryColumns = {
  id: trash.id,
  kind: trash.kind,
  title: trash.title,
  deletedAt: trash.deletedAt,
  deletedBy: trash.deletedBy,
  purgeAfter: trash.purgeAfter,
  imageKey: sql<string | null>`${stored("image_key")}`,
  width: sql<number | null>`${stored("width")}`,
  height: sql<number | null>`${stored("height")}`,
  renditionWidths: sql<string | null>`${stored("rendition_widths")}`,
};

const entries = (db: Database) => db.select(entryColumns).from(trash);
type EntryRow = Awaited<ReturnType<typeof entries>>[number];

function toEntry({ imageKey, width, height, renditionWidths, ...row }: EntryRow): TrashEntry {
  return {
    ...row,
    kind: row.kind as TrashKind,
    deletedAt: row.deletedAt.toISOString(),
    purgeAfter: row.purgeAfter.toISOString(),
    picture:
      row.kind === "reference" && imageKey
        ? { id: row.id, url: imageUrl(imageKey), width, height, sources: renditionSources("reference", row.id, parseRenditionWidths(renditionWidths)) }
        : null,
  };
}

/** Newest first. */
export async function listTrash(db: Database, { startAt, limit }: Paging): Promise<TrashEntry[]> {
  const rows = await entries(db).orderBy(desc(trash.deletedAt), desc(trash.id)).limit(limit).offset(startAt);
  return rows.map(toEntry);
}

export async function getTrashEntry(db: Database, id: string): Promise<TrashEntry | null> {
  const row = await entries(db).where(eq(trash.id, id)).get();
  return row ? toEntry(row) : null;
}

export async function countTrash(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(trash);
  return row?.count ?? 0;
}

/** What `GET /api/v1/trash/get` answers of an entry. */
export function apiTrashEntry({ id, kind, title, deletedAt, deletedBy }: TrashEntry) {
  return { id, kind, title, deletedAt, deletedBy };
}

async function entryOf(db: Database, id: string) {
  const entry = await db.select({ kind: trash.kind, title: trash.title }).from(trash).where(eq(trash.id, id)).get();
  if (!entry || !(TRASH_KINDS as readonly string[]).includes(entry.kind)) throw notFound(TRASH_NOT_FOUND);
  return { id, kind: entry.kind as TrashKind, title: entry.title };
}

/** The statements that remove an entry, for the end of a batch: its last one returns the entry if it was still there. */
function removeEntry(db: Database, id: string): BatchItem<"sqlite">[] {
  return [
    db.delete(trashedPictures).where(eq(trashedPictures.entryId, id)),
    db.delete(trashRows).where(eq(trashRows.entryId, id)),
    db.delete(trash).where(eq(trash.id, id)).returning({ id: trash.id }),
  ];
}

const wasThere = (results: readonly unknown[]) => (results[results.length - 1] as unknown[]).length > 0;

/**
 * "Wiederherstellen": the item's rows go back into their tables with the Verlauf's entry, in one
 * batch that also removes the Papierkorb's entry. A public item changes the public pages.
 */
export async function restoreFromTrash(db: Database, actor: Actor, id: string, now = new Date()): Promise<{ id: string; kind: TrashKind; title: string }> {
  const entry = await entryOf(db, id);
  const rules = RULES[entry.kind];
  let results: readonly unknown[];
  try {
    results = await db.batch([
      logStatement(db, actor, { action: "wiederhergestellt", kind: entry.kind, itemId: id, title: entry.title }, {
        at: now,
        when: rowExists(trash, eq(trash.id, id)),
      }),
      ...rules.restore(db, id),
      ...removeEntry(db, id),
    ]);
  } catch (error) {
    // Only rows written outside the app can collide with what comes back; nothing was changed.
    if (String(error).includes("constraint failed")) {
      console.error("Wiederherstellen nicht möglich", id, error);
      throw new HttpError(409, `„${entry.title}“ kann nicht wiederhergestellt werden, weil es inzwischen etwas Gleiches gibt.`);
    }
    throw error;
  }
  if (!wasThere(results)) throw notFound(TRASH_NOT_FOUND);
  if (rules.onPages) await db.contentChanged();
  return entry;
}

/** The R2 keys of an entry's pictures: listed, so renditions made after the delete go too. */
async function pictureKeysOf(db: Database, bucket: R2Bucket, id: string): Promise<string[]> {
  const pictures = await db
    .select({ id: trashedPictures.pictureId, kind: trashedPictures.kind })
    .from(trashedPictures)
    .where(eq(trashedPictures.entryId, id));
  return (await Promise.all(pictures.map((picture) => storedKeys(bucket, picture.kind as PictureKind, picture.id)))).flat();
}

/**
 * Deletes an entry for good: its row and its pictures' note go in one batch with the files
 * noted for deletion (and `log`, when staff did it), then the files are removed; a removal cut
 * short is finished by the scheduled clean-up. Returns whether the entry was still there.
 */
async function purge(db: Database, bucket: R2Bucket, id: string, now: Date, log: BatchItem<"sqlite">[] = []): Promise<boolean> {
  const keys = await pictureKeysOf(db, bucket, id);
  const statements = [...log, ...(keys.length ? [noteDeletions(db, keys, now)] : []), ...removeEntry(db, id)];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await removeFiles(db, bucket, keys);
  return wasThere(results);
}

/** "Endgültig löschen". */
export async function deleteFromTrash(db: Database, bucket: R2Bucket, actor: Actor, id: string, now = new Date()): Promise<void> {
  const entry = await entryOf(db, id);
  const log = logStatement(db, actor, { action: "endgültig gelöscht", kind: entry.kind, itemId: id, title: entry.title }, {
    at: now,
    when: rowExists(trash, eq(trash.id, id)),
  });
  if (!(await purge(db, bucket, id, now, [log]))) throw notFound(TRASH_NOT_FOUND);
}

/**
 * For the scheduled handler: deletes for good what has been in the Papierkorb for
 * TRASH_KEEP_DAYS, and what a kind's own rule says is due earlier (an enquiry past its
 * retention period). Returns the entries' ids.
 */
export async function emptyTrash(db: Database, bucket: R2Bucket, now: Date): Promise<string[]> {
  const early: SQL[] = Object.entries(RULES).flatMap(([kind, rules]) =>
    rules.dueEarly ? [sql`(${trash.kind} = ${kind} and ${rules.dueEarly(now)})`] : [],
  );
  const due = await db.select({ id: trash.id }).from(trash).where(or(lte(trash.purgeAfter, now), ...early));
  for (const { id } of due) await purge(db, bucket, id, now);
  return due.map(({ id }) => id);
}
