import { enquiryPhotos, references } from "~/server/db/schema";
import type { PictureKind } from "./keys.server";

/*
 * Which table holds the pictures of each kind. Every such table has the picture columns of
 * schema.ts (key, type, size, renditions), which this wing reads and fills in; the owning
 * entity module keeps everything else about its rows.
 */
export type PictureTable = typeof references | typeof enquiryPhotos;

const PICTURE_TABLES: Record<PictureKind, PictureTable> = { reference: references, enquiry: enquiryPhotos };

/** The kinds that have a table. */
export const STORED_KINDS = Object.keys(PICTURE_TABLES) as PictureKind[];

export const pictureTable = (kind: PictureKind): PictureTable => PICTURE_TABLES[kind];
