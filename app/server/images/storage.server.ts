import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { imageDeletions, trashedPictures } from "~/server/db/schema";
import { type PictureKind, parseKey, prefixOf } from "./keys.server";
import { type PictureTable, pictureTable, STORED_KINDS } from "./picture-rows.server";

/*
 * Every R2 write and deletion of pictures: stored all or none, deleted after their record
 * (noted in the record's own D1 batch, so a delete cut short is finished later), and the
 * daily sweep of objects no record names.
 */

export interface PictureObject {
  key: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * Writes every object or none: if any put fails, those written are removed again and the
 * failure is thrown. The answer removes them too, for a failure after the writes (the D1 batch).
 */
export async function writeAll(bucket: R2Bucket, objects: PictureObject[]): Promise<{ discard: () => Promise<void> }> {
  const written: string[] = [];
  const discard = () =>
    bucket.delete(written).catch((error) => {
      console.error("Aufräumen nach fehlgeschlagenem Speichern misslungen", written, error);
    });
  // allSettled, so no write is still under way when a failure triggers the clean-up.
  const puts = await Promise.allSettled(
    objects.map(({ key, type, bytes }) => bucket.put(key, bytes, { httpMetadata: { contentType: type } })),
  );
  puts.forEach((put, index) => put.status === "fulfilled" && written.push(objects[index].key));
  const failed = puts.find((put) => put.status === "rejected");
  if (failed) {
    await discard();
    throw failed.reason;
  }
  return { discard };
}

/** Every object of one picture: its original, its renditions and anything else under its id. */
export async function storedKeys(bucket: R2Bucket, kind: PictureKind, id: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${prefixOf(kind)}${id}`, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** For the owner's delete batch: these files are to go, even if R2 or the worker stops before they are gone. */
export function noteDeletions(db: Database, keys: string[], now: Date) {
  return db.insert(imageDeletions).values(keys.map((key) => ({ key, requestedAt: now }))).onConflictDoNothing();
}

/** After the owner's delete batch: removes the files and their note; a failure is left to the scheduled clean-up. */
export async function removeFiles(db: Database, bucket: R2Bucket, keys: string[]): Promise<void> {
  try {
    await removeNoted(db, bucket, keys);
  } catch (error) {
    console.error("Bilddateien konnten nicht gelöscht werden; die Wartung holt es nach", keys, error);
  }
}

async function removeNoted(db: Database, bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await bucket.delete(keys);
  await db.delete(imageDeletions).where(inArray(imageDeletions.key, keys));
}

/** R2 deletes up to 1000 keys at once; D1 binds at most 100 values per query. */
const DELETE_BATCH = 90;

/** Finishes deletes whose files were not removed (their note is still there). Returns the keys removed. */
export async function finishImageDeletions(db: Database, bucket: R2Bucket): Promise<string[]> {
  const finished: string[] = [];
  for (;;) {
    const rows = await db.select({ key: imageDeletions.key }).from(imageDeletions).limit(DELETE_BATCH);
    if (rows.length === 0) return finished;
    const keys = rows.map(({ key }) => key);
    await removeNoted(db, bucket, keys);
    finished.push(...keys);
  }
}

/** Of `ids`, those whose picture has its row, or lies in the Papierkorb (its files are kept until it is deleted for good). */
async function idsInUse(db: Database, kind: PictureKind, table: PictureTable, ids: string[]): Promise<Set<string>> {
  const [rows, trashed] = await Promise.all([
    db.select({ id: table.id }).from(table).where(inArray(table.id, ids)),
    db
      .select({ id: trashedPictures.pictureId })
      .from(trashedPictures)
      .where(and(eq(trashedPictures.kind, kind), inArray(trashedPictures.pictureId, ids))),
  ]);
  return new Set([...rows, ...trashed].map(({ id }) => id));
}

/**
 * Removes stored objects whose record neither exists nor lies in the Papierkorb and that were
 * uploaded before `uploadedBefore`: left by a worker stopped between its R2 puts and the D1 batch, renditions
 * finished after their record was deleted, and files of retired formats. Younger objects may
 * belong to an upload still under way. Returns the keys removed.
 */
export async function removeOrphanedImages(db: Database, bucket: R2Bucket, uploadedBefore: Date): Promise<string[]> {
  const removed: string[] = [];
  for (const kind of STORED_KINDS) {
    const table = pictureTable(kind);
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix: prefixOf(kind), cursor });
      cursor = page.truncated ? page.cursor : undefined;
      const old = page.objects.filter((object) => object.uploaded < uploadedBefore).map((object) => object.key);
      for (let start = 0; start < old.length; start += DELETE_BATCH) {
        const keys = old.slice(start, start + DELETE_BATCH);
        const owners = [...new Set(keys.map((key) => parseKey(key)?.id).filter((id): id is string => !!id))];
        const existing = owners.length ? await idsInUse(db, kind, table, owners) : new Set<string>();
        const orphans = keys.filter((key) => {
          const parsed = parseKey(key);
          return !parsed || parsed.kind !== kind || !existing.has(parsed.id);
        });
        if (orphans.length > 0) await bucket.delete(orphans);
        removed.push(...orphans);
      }
    } while (cursor);
  }
  return removed;
}
