import { references } from "~/server/db/schema";
import type { PictureKind } from "./keys.server";

/*
 * Which table holds the pictures of each kind. Every such table has the picture columns of
 * schema.ts (key, type, size, renditions), which this wing reads and fills in; the owning
 * entity module keeps everything else about its rows.
 */
export type PictureTable = typeof references;

const PICTURE_TABLES: Partial<Record<PictureKind, PictureTable>> = { reference: references };

/** The kinds that have a table (enquiry photos join with the enquiries). */
export const STORED_KINDS = (Object.keys(PICTURE_TABLES) as PictureKind[]);

export function pictureTable(kind: PictureKind): PictureTable {
  const table = PICTURE_TABLES[kind];
  if (!table) throw new Error(`Keine Tabelle für Bilder der Art ${kind}`);
  return table;
}
