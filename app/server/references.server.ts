import { count, desc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";
import { notFound } from "~/server/errors.server";
import { categoryList, categoryNamesQuery, inCategory, linkCategoriesStatements, namesByReference } from "~/server/categories.server";
import { type Database, prepareRead, type Read, readOnce } from "~/server/db/client.server";
import { imageDeletions, referenceCategories, references } from "~/server/db/schema";
import { parseRenditionWidths, RENDITION_FORMATS, renditionKey, renditionOwner, storedRenditionKeys } from "~/server/renditions.server";
import type { Paging } from "~/server/validation.server";

/*
 * Reference images: reading, editing and deleting stored ones. Uploads (bytes, R2,
 * multipart) live in reference-uploads.server.ts, categories in categories.server.ts.
 */

export const REFERENCE_PAGE_SIZE = 10;
export const REFERENCE_MAX_PAGE_SIZE = 50;
/** SPEC §9: the staff gallery list shows five images per page. */
export const REFERENCE_ADMIN_PAGE_SIZE = 5;

/** Every stored object's key starts with this (see reference-uploads.server.ts). */
export const IMAGE_KEY_PREFIX = "references/";

/** Served by app/routes/images.$.ts. */
const IMAGE_ROUTE_PREFIX = "/images/";
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
  url: string;
  /** Smallest rendition that still fills a list tile or slide; the original when none was made. */
  thumbnailUrl: string;
  displayUrl: string;
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
  sources: { type: string; srcSet: string }[];
}

/**
 * What anonymous callers see: the name a file had on the uploader's device may carry a
 * customer's name, so it is staff data (the spec's public client reads only `url`).
 */
export type PublicReference = Omit<Reference, "filename">;

export function publicReference({ filename: _staffOnly, ...reference }: Reference): PublicReference {
  return reference;
}

const imageUrl = (key: string) => `${IMAGE_ROUTE_PREFIX}${key}`;

function renditionSources(id: string, widths: number[]): Reference["sources"] {
  if (widths.length === 0) return [];
  return RENDITION_FORMATS.map(({ type, extension }) => ({
    type,
    srcSet: widths.map((width) => `${imageUrl(renditionKey(id, width, extension))} ${width}w`).join(", "),
  }));
}

export function toReference(row: typeof references.$inferSelect, categoryNames: string[]): Reference {
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    displayUrl: imageUrl(row.displayKey ?? row.imageKey),
    thumbnailUrl: imageUrl(row.thumbnailKey ?? row.displayKey ?? row.imageKey),
    name: row.imageKey.slice(row.imageKey.lastIndexOf("/") + 1),
    filename: row.filename,
    description: row.description,
    category: categoryNames,
    cover: row.cover === true,
    width: row.width,
    height: row.height,
    sources: renditionSources(row.id, parseRenditionWidths(row.renditionWidths)),
  };
}

/** Newest first, optionally only those in one category (matched regardless of case and Unicode form). */
export function referencePageRead(
  db: Database,
  { startAt, limit, category }: Paging & { category?: string | null },
): Read<{ reference: Reference[]; total: number }> {
  const filter = category?.trim() ? inCategory(category) : undefined;
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

export function listReferences(db: Database, paging: Paging & { category?: string | null }) {
  return readOnce(db, referencePageRead(db, paging));
}

/** One reference with its categories, or null. */
export function referenceRead(db: Database, id: string): Read<Reference | null> {
  return prepareRead(
    [db.select().from(references).where(eq(references.id, id)).limit(1), categoryNamesQuery(db, [id])],
    ([row], names) => (row ? toReference(row, namesByReference(names).get(id) ?? []) : null),
  );
}

export function getReference(db: Database, id: string): Promise<Reference | null> {
  return readOnce(db, referenceRead(db, id));
}

export async function updateReference(
  db: Database,
  id: string,
  { description, category }: ReferenceUpdate,
): Promise<Reference> {
  const existing = await db.select({ id: references.id }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  await db.batch([
    db.update(references).set({ description }).where(eq(references.id, id)),
    db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
    ...linkCategoriesStatements(db, id, category),
  ]);
  return (await getReference(db, id))!;
}

/**
 * Marks a picture as the home page's "Titelbild", or unmarks it. Marking moves the mark:
 * both updates run in one batch, and a partial unique index keeps it on one row even
 * when two staff members mark pictures at the same moment.
 */
export async function setCoverReference(db: Database, id: string, cover: boolean): Promise<Reference> {
  const existing = await db.select({ id: references.id }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  await db.batch([
    db.update(references).set({ cover: null }).where(cover ? eq(references.cover, true) : eq(references.id, id)),
    ...(cover ? [db.update(references).set({ cover: true }).where(eq(references.id, id))] : []),
  ]);
  return (await getReference(db, id))!;
}

/** The picture marked "Titelbild", or null (the hero then shows its pattern). */
export async function getCoverReference(db: Database): Promise<Reference | null> {
  const row = await db.select({ id: references.id }).from(references).where(eq(references.cover, true)).get();
  return row ? getReference(db, row.id) : null;
}

/**
 * The home page's pictures in one read: the newest `limit` for the slideshow and the
 * "Titelbild". The home page shows no categories, so they are not read (empty lists).
 */
export function homePicturesRead(db: Database, limit: number): Read<{ latest: Reference[]; cover: Reference | null }> {
  return prepareRead(
    [
      db.select().from(references).orderBy(desc(references.createdAt), desc(references.id)).limit(limit),
      db.select().from(references).where(eq(references.cover, true)).limit(1),
    ],
    (latest, [cover]) => ({ latest: latest.map((row) => toReference(row, [])), cover: cover ? toReference(cover, []) : null }),
  );
}

/**
 * The record goes first, so a failure afterwards never leaves a record without its image.
 * Its files are noted in the same batch and the note is removed once they are gone, so
 * a delete interrupted between D1 and R2 is finished by the scheduled clean-up.
 */
export async function deleteReference(db: Database, bucket: R2Bucket, id: string, now = new Date()): Promise<void> {
  const row = await db.select().from(references).where(eq(references.id, id)).get();
  if (!row) throw notFound(REFERENCE_NOT_FOUND);
  // Listed, not derived from rendition_widths: renditions still being made are not recorded yet.
  const keys = [row.imageKey, row.displayKey, row.thumbnailKey, ...(await storedRenditionKeys(bucket, id))].filter(
    (key): key is string => !!key,
  );
  await db.batch([
    db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
    db.delete(references).where(eq(references.id, id)),
    db.insert(imageDeletions).values(keys.map((key) => ({ key, requestedAt: now }))).onConflictDoNothing(),
  ]);
  try {
    await removeImageFiles(db, bucket, keys);
  } catch (error) {
    console.error("Bilddateien konnten nicht gelöscht werden; die Wartung holt es nach", keys, error);
  }
}

async function removeImageFiles(db: Database, bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await bucket.delete(keys);
  await db.delete(imageDeletions).where(inArray(imageDeletions.key, keys));
}

/** R2 deletes up to 1000 keys at once; D1 binds at most 100 values per query. */
const DELETE_BATCH = 90;
/** Three columns and a rendition's owner are compared with each key, within D1's 100 bound values. */
const LOOKUP_BATCH = 24;

/** Finishes deletes whose files were not removed (the note of deleteReference is still there). Returns the keys removed. */
export async function finishImageDeletions(db: Database, bucket: R2Bucket): Promise<string[]> {
  const finished: string[] = [];
  for (;;) {
    const rows = await db.select({ key: imageDeletions.key }).from(imageDeletions).limit(DELETE_BATCH);
    if (rows.length === 0) return finished;
    const keys = rows.map(({ key }) => key);
    await removeImageFiles(db, bucket, keys);
    finished.push(...keys);
  }
}

/**
 * Removes stored objects that no record points to and that were uploaded before
 * `uploadedBefore` — left by a worker stopped between its R2 puts and the D1 batch of
 * saveReferences. Younger objects may belong to an upload still under way. Returns the keys removed.
 */
export async function removeOrphanedImages(db: Database, bucket: R2Bucket, uploadedBefore: Date): Promise<string[]> {
  const removed: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: IMAGE_KEY_PREFIX, cursor });
    cursor = page.truncated ? page.cursor : undefined;
    const old = page.objects.filter((object) => object.uploaded < uploadedBefore).map((object) => object.key);
    for (let start = 0; start < old.length; start += LOOKUP_BATCH) {
      const keys = old.slice(start, start + LOOKUP_BATCH);
      // A rendition belongs to its reference by the id in its key.
      const owners = keys.map(renditionOwner).filter((id): id is string => !!id);
      const used = new Set(
        (
          await db
            .select({
              id: references.id,
              imageKey: references.imageKey,
              displayKey: references.displayKey,
              thumbnailKey: references.thumbnailKey,
            })
            .from(references)
            .where(
              or(
                inArray(references.imageKey, keys),
                inArray(references.displayKey, keys),
                inArray(references.thumbnailKey, keys),
                inArray(references.id, owners),
              ),
            )
        ).flatMap((row) => [row.id, row.imageKey, row.displayKey, row.thumbnailKey]),
      );
      const orphans = keys.filter((key) => !used.has(key) && !used.has(renditionOwner(key) ?? key));
      if (orphans.length > 0) await bucket.delete(orphans);
      removed.push(...orphans);
    }
  } while (cursor);
  return removed;
}

export async function readImage(bucket: R2Bucket, key: string) {
  if (!/^references\/[0-9a-f-]{36}(-display|-thumb|-w\d+)?\.(jpg|png|webp|avif|gif)$/.test(key)) return null;
  return bucket.get(key);
}
