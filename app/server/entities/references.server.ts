import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";
import { notFound } from "~/server/base/errors.server";
import {
  categoryList,
  categoryNamesQuery,
  inCategory,
  keepLinksOfTrashedCategories,
  linkCategoriesStatements,
  namesByReference,
  restoreCategoryLinks,
} from "~/server/entities/categories.server";
import { type Database, prepareRead, type Read, readOnce } from "~/server/db/client.server";
import { referenceCategories, references } from "~/server/db/schema";
import { imageUrl } from "~/server/images/keys.server";
import { parseRenditionWidths, type PictureSource, renditionSources, renditionsReady } from "~/server/images/renditions.server";
import type { Paging } from "~/server/base/validation.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, storedValue, type TrashRules } from "./trash-rows.server";

/*
 * Reference images: reading, editing and deleting their records. Uploads are in
 * reference-uploads.server.ts, their bytes, keys and R2 objects in app/server/images,
 * categories in categories.server.ts.
 */

export const REFERENCE_PAGE_SIZE = 10;
export const REFERENCE_MAX_PAGE_SIZE = 50;
/** SPEC §9: the staff gallery list shows five images per page. */
export const REFERENCE_ADMIN_PAGE_SIZE = 5;

/** The answer of the API and the staff page alike when an id is unknown. */
export const REFERENCE_NOT_FOUND = "Dieses Bild gibt es nicht (mehr).";

export const referenceDescription = z
  .string({ invalid_type_error: "Beschreibung muss ein Text sein." })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Beschreibung darf höchstens ${DESCRIPTION_MAX_LENGTH} Zeichen lang sein.`);

export const referenceUpdate = z.object({
  description: referenceDescription.min(1, "Beschreibung darf nicht leer sein."),
  category: categoryList,
});
export type ReferenceUpdate = z.output<typeof referenceUpdate>;

export interface Reference {
  id: string;
  /** The stored original (upright, at most 2560 px). */
  url: string;
  name: string;
  filename: string;
  description: string;
  category: string[];
  /** The home page's hero picture ("Titelbild"); at most one is. */
  cover: boolean;
  /** The original's upright size in pixels; null for a picture from before 0003 until its renditions are made. */
  width: number | null;
  height: number | null;
  /** The server's renditions as `srcset`s, the preferred format first; empty until they are made (decision 011). */
  sources: PictureSource[];
  /** Its renditions are still being made: only staff see it yet (decision 011). */
  preparing: boolean;
}

/**
 * What anonymous callers see: the name a file had on the uploader's device may carry a
 * customer's name, so it is staff data (the spec's public client reads only `url`).
 */
export type PublicReference = Omit<Reference, "filename">;

export function publicReference({ filename: _staffOnly, ...reference }: Reference): PublicReference {
  return reference;
}

export function toReference(row: typeof references.$inferSelect, categoryNames: string[]): Reference {
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    name: row.imageKey.slice(row.imageKey.lastIndexOf("/") + 1),
    filename: row.filename,
    description: row.description,
    category: categoryNames,
    cover: row.cover === true,
    width: row.width,
    height: row.height,
    sources: renditionSources("reference", row.id, parseRenditionWidths(row.renditionWidths)),
    preparing: row.renditionWidths === null,
  };
}

/**
 * Public pages offer a picture only once its renditions exist, so no visitor is ever sent the
 * 2560 px original (decision 011); staff and the API see every picture.
 */
const readyForPages = renditionsReady(references);

export interface ReferenceQuery extends Paging {
  /** Only those in one category (matched regardless of case and Unicode form). */
  category?: string | null;
  /** Only those a public page may offer. */
  forPages?: boolean;
}

/** Newest first. */
export function referencePageRead(
  db: Database,
  { startAt, limit, category, forPages = false }: ReferenceQuery,
): Read<{ reference: Reference[]; total: number }> {
  const filter = and(category?.trim() ? inCategory(category) : undefined, forPages ? readyForPages : undefined);
  const page = db
    .select()
    .from(references)
    .where(filter)
    .orderBy(desc(references.createdAt), desc(references.id))
    .limit(limit)
    .offset(startAt);
  const pageRows = page.as("page_rows");
  const pageIds = db.select({ id: pageRows.id }).from(pageRows);
  return prepareRead(
    [page, db.select({ total: count() }).from(references).where(filter), categoryNamesQuery(db, pageIds)],
    (rows, [{ total }], names) => {
      const byReference = namesByReference(names);
      return { reference: rows.map((row) => toReference(row, byReference.get(row.id) ?? [])), total };
    },
  );
}

export function listReferences(db: Database, paging: ReferenceQuery) {
  return readOnce(db, referencePageRead(db, paging));
}

/** One reference with its categories, or null (also while a public page may not offer it yet, `forPages`). */
export function referenceRead(db: Database, id: string, { forPages = false } = {}): Read<Reference | null> {
  return prepareRead(
    [
      db.select().from(references).where(and(eq(references.id, id), forPages ? readyForPages : undefined)).limit(1),
      categoryNamesQuery(db, [id]),
    ],
    ([row], names) => (row ? toReference(row, namesByReference(names).get(id) ?? []) : null),
  );
}

export function getReference(db: Database, id: string): Promise<Reference | null> {
  return readOnce(db, referenceRead(db, id));
}

/** "Bild ohne Beschreibung" where the API stored none, as the Verlauf and the Papierkorb name it. */
export const referenceTitle = (description: string) => description.trim() || "Bild ohne Beschreibung";

export async function updateReference(
  db: Database,
  actor: Actor,
  id: string,
  { description, category }: ReferenceUpdate,
): Promise<Reference> {
  const existing = await db.select({ id: references.id }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  await db.batch([
    db.update(references).set({ description }).where(eq(references.id, id)),
    db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
    ...linkCategoriesStatements(db, id, category),
    logStatement(db, actor, { action: "geändert", kind: "reference", itemId: id, title: referenceTitle(description) }, {
      when: rowExists(references, eq(references.id, id)),
    }),
  ]);
  await db.contentChanged();
  return (await getReference(db, id))!;
}

/**
 * Marks a picture as the home page's "Titelbild", or unmarks it. Marking moves the mark:
 * both updates run in one batch, and a partial unique index keeps it on one row even
 * when two staff members mark pictures at the same moment.
 */
export async function setCoverReference(db: Database, actor: Actor, id: string, cover: boolean): Promise<Reference> {
  const existing = await db.select({ description: references.description }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  const title = `${referenceTitle(existing.description)} (${cover ? "als Titelbild" : "nicht mehr Titelbild"})`;
  await db.batch([
    db.update(references).set({ cover: null }).where(cover ? eq(references.cover, true) : eq(references.id, id)),
    ...(cover ? [db.update(references).set({ cover: true }).where(eq(references.id, id))] : []),
    logStatement(db, actor, { action: "geändert", kind: "reference", itemId: id, title }, { when: rowExists(references, eq(references.id, id)) }),
  ]);
  await db.contentChanged();
  return (await getReference(db, id))!;
}

/**
 * The home page's pictures in one read: the newest `limit` for the slideshow and the
 * "Titelbild". The home page shows no categories, so they are not read (empty lists).
 */
export function homePicturesRead(db: Database, limit: number): Read<{ latest: Reference[]; cover: Reference | null }> {
  const onPages = (filter?: SQL) => db.select().from(references).where(and(readyForPages, filter));
  return prepareRead(
    [
      onPages().orderBy(desc(references.createdAt), desc(references.id)).limit(limit),
      onPages(eq(references.cover, true)).limit(1),
    ],
    (latest, [cover]) => ({ latest: latest.map((row) => toReference(row, [])), cover: cover ? toReference(cover, []) : null }),
  );
}

/**
 * Into the Papierkorb (decision 016): the record and its category links as stored; its files stay
 * in R2 (the orphan sweep counts them as in use) until the entry is deleted for good.
 */
export async function deleteReference(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const row = await db.select({ description: references.description }).from(references).where(eq(references.id, id)).get();
  if (!row) throw notFound(REFERENCE_NOT_FOUND);
  const own = eq(references.id, id);
  const links = eq(referenceCategories.referenceId, id);
  await moveToTrash(
    db,
    actor,
    {
      kind: "reference",
      id,
      title: referenceTitle(row.description),
      rows: [
        { table: references, where: own },
        { table: referenceCategories, where: links },
      ],
      pictures: { kind: "reference", where: own },
      notFound: REFERENCE_NOT_FOUND,
    },
    [db.delete(referenceCategories).where(links), db.delete(references).where(own).returning({ id: references.id })],
    now,
  );
  await db.contentChanged();
}

/**
 * A restored picture comes back as it was: description, size, renditions, creation time (so its
 * place in the lists), its categories that still exist (see `keepLinksOfTrashedCategories` for
 * those in the Papierkorb), and the Titelbild mark — unless another picture has taken it
 * meanwhile, which keeps it.
 */
export const REFERENCE_TRASH: TrashRules = {
  restore: (db, entryId) => [
    keepLinksOfTrashedCategories(db, entryId),
    restoreRows(db, references, entryId, {
      replace: { cover: sql`case when exists (select 1 from ${references} where ${references.cover} = 1) then null else ${storedValue("cover")} end` },
    }),
    restoreCategoryLinks(db, entryId),
  ],
  onPages: true,
};
