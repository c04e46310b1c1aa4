import { eq } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { businessPortraits, enquiryPhotos, references } from "~/server/db/schema";
import type { PictureKind } from "./keys.server";

/*
 * Which table holds the pictures of each kind. Every such table has the picture columns of
 * schema.ts (key, type, size, renditions), which this wing reads and fills in; the owning
 * entity module keeps everything else about its rows.
 */
export type PictureTable = typeof references | typeof enquiryPhotos | typeof businessPortraits;

const PICTURE_TABLES: Record<PictureKind, PictureTable> = { reference: references, enquiry: enquiryPhotos, portrait: businessPortraits };

/** The kinds that have a table. */
export const STORED_KINDS = Object.keys(PICTURE_TABLES) as PictureKind[];

export const pictureTable = (kind: PictureKind): PictureTable => PICTURE_TABLES[kind];

/** Whether the picture has its row: not in the Papierkorb, not deleted, not an orphaned file. */
export async function hasPictureRow(db: Database, kind: PictureKind, id: string): Promise<boolean> {
  const table = pictureTable(kind);
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get()) !== undefined;
}
