import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { ENQUIRY_RENDITION_WIDTHS, PORTRAIT_RENDITION_WIDTHS, RENDITION_WIDTHS } from "~/lib/image-sizes";
import type { ImageType } from "~/lib/image-types";
import type { Database } from "~/server/db/client.server";
import { readImageSize, sniffImageType, uprightSize } from "./image-bytes.server";
import { imageUrl, isPublicKind, type PictureKind, renditionKey } from "./keys.server";
import { type PictureTable, pictureTable, STORED_KINDS } from "./picture-rows.server";

/*
 * The server's renditions of every stored picture (decision 011): for a reference AVIF, WebP and
 * JPEG at the widths of RENDITION_WIDTHS, for a customer's photo fewer, made by the Cloudflare Images binding from the stored original
 * after the upload has answered, stored in R2 beside it. Until they exist a reference is not
 * on the public pages; this module makes what is missing, again and again until it succeeds
 * (right after an upload, daily, and by `npm run images:renditions`).
 */

const AVIF = { type: "image/avif", extension: "avif", quality: 60 } as const;
const WEBP = { type: "image/webp", extension: "webp", quality: 75 } as const;
const JPEG = { type: "image/jpeg", extension: "jpg", quality: 80 } as const;

type RenditionFormat = typeof AVIF | typeof WEBP | typeof JPEG;

/**
 * What each kind gets, formats in the order a browser should prefer them. A reference appears on
 * every public page in every browser; a customer's photo only in the staff inbox, as its
 * thumbnail and its large view, in browsers that all read WebP: two transformations, not nine.
 */
const RENDITIONS: Record<PictureKind, { widths: readonly number[]; formats: readonly RenditionFormat[] }> = {
  reference: { widths: RENDITION_WIDTHS, formats: [AVIF, WEBP, JPEG] },
  enquiry: { widths: ENQUIRY_RENDITION_WIDTHS, formats: [WEBP] },
  // Public like a reference, but never shown wider than 240 px.
  portrait: { widths: PORTRAIT_RENDITION_WIDTHS, formats: [AVIF, WEBP, JPEG] },
};

/** The widths made of an original of this width: never enlarged, the largest capped. */
export function renditionWidthsFor(kind: PictureKind, originalWidth: number): number[] {
  const { widths } = RENDITIONS[kind];
  const largest = Math.min(originalWidth, widths[widths.length - 1]);
  return [...new Set([...widths.filter((width) => width < largest), largest])];
}

/** The stored widths from the `rendition_widths` column; empty while none exist. */
export function parseRenditionWidths(value: string | null): number[] {
  return value ? value.split(",").map(Number) : [];
}

/**
 * SQL condition: the picture's renditions exist (or it gets none), so a public page may offer it;
 * until then only staff see it (decision 011).
 */
export const renditionsReady = (table: PictureTable) => isNotNull(table.renditionWidths);

/** The `rendition_widths` value of a picture stored just now: "" for one that gets none (it moves), null until made. */
export const initialRenditionWidths = (animated: boolean): string | null => (animated ? "" : null);

export interface PictureSource {
  type: string;
  srcSet: string;
}

/** The renditions as `srcset`s, the preferred format first; empty while they are missing or when none are made. */
export function renditionSources(kind: PictureKind, id: string, widths: number[]): PictureSource[] {
  if (widths.length === 0) return [];
  return RENDITIONS[kind].formats.map(({ type, extension }) => ({
    type,
    srcSet: widths.map((width) => `${imageUrl(renditionKey(kind, id, width, extension))} ${width}w`).join(", "),
  }));
}

/**
 * The key of the smallest rendition in the format every browser reads (the kind's last), or
 * null while none exist: a thumbnail served by a route of its own (a customer's photo on the
 * status page, decision 022).
 */
export function smallestRenditionKey(kind: PictureKind, id: string, widths: number[]): string | null {
  const { formats } = RENDITIONS[kind];
  return widths.length > 0 ? renditionKey(kind, id, Math.min(...widths), formats[formats.length - 1].extension) : null;
}

/**
 * The key of the largest rendition up to `maxWidth` in the format every browser reads, or null
 * while none exist: a picture served whole by a route of its own (a customer's photo on a
 * project page, issue 40).
 */
export function renditionKeyUpTo(kind: PictureKind, id: string, widths: number[], maxWidth: number): string | null {
  const { formats } = RENDITIONS[kind];
  const fitting = widths.filter((width) => width <= maxWidth);
  const width = fitting.length > 0 ? Math.max(...fitting) : Math.min(...widths);
  return widths.length > 0 ? renditionKey(kind, id, width, formats[formats.length - 1].extension) : null;
}

/** What a picture's row says about its original. */
export interface RenditionSource {
  kind: PictureKind;
  id: string;
  key: string;
  type: string;
  /** Upright; null for rows from before 0003, whose size is then read from the bytes. */
  width: number | null;
  height: number | null;
}

interface Made {
  widths: number[];
  width: number;
  height: number;
}

/**
 * Makes and stores every rendition of one picture, from its stored original (`original`, when
 * the caller still holds the bytes, or fetched from R2). Puts are idempotent (same key, same
 * picture), so a run cut short is simply repeated.
 */
async function makeRenditions(
  bucket: R2Bucket,
  transforms: ImagesBinding,
  picture: RenditionSource,
  original?: Uint8Array,
): Promise<Made> {
  let bytes = original;
  if (!bytes) {
    const object = await bucket.get(picture.key);
    if (!object) throw new Error(`Original ${picture.key} fehlt`);
    bytes = new Uint8Array(await object.arrayBuffer());
  }
  let size = picture.width && picture.height ? { width: picture.width, height: picture.height } : null;
  if (!size) {
    const type = sniffImageType(bytes);
    if (!type) throw new Error(`Original ${picture.key} ist kein Bild`);
    size = uprightSize(bytes, type, readImageSize(bytes, type));
  }
  // An animated GIF would lose its animation; it is shown as uploaded.
  const widths = (picture.type as ImageType) === "image/gif" ? [] : renditionWidthsFor(picture.kind, size.width);
  // One at a time: each transformation holds a decoded picture, and a Worker has 128 MB.
  for (const width of widths) {
    for (const format of RENDITIONS[picture.kind].formats) {
      const result = await transforms
        .input(new Blob([bytes.slice()]).stream())
        .transform({ width, fit: "scale-down" })
        .output({ format: format.type, quality: format.quality });
      const rendition = await result.response().arrayBuffer();
      await bucket.put(renditionKey(picture.kind, picture.id, width, format.extension), rendition, {
        httpMetadata: { contentType: format.type },
      });
    }
  }
  return { widths, ...size };
}

export interface RenditionRun {
  made: string[];
  failed: string[];
}

/**
 * Makes the renditions of `pictures` and records them on their rows. A failure (the free
 * plan's monthly limit, error 9422; anything transient) is logged and leaves the picture as it
 * is, for the next run. Once a public picture has them, the pages that offer it change.
 */
export async function makeRenditionsOf(
  db: Database,
  bucket: R2Bucket,
  transforms: ImagesBinding,
  pictures: (RenditionSource & { bytes?: Uint8Array })[],
): Promise<RenditionRun> {
  const run: RenditionRun = { made: [], failed: [] };
  for (const { bytes, ...picture } of pictures) {
    try {
      const made = await makeRenditions(bucket, transforms, picture, bytes);
      const table = pictureTable(picture.kind);
      await db
        .update(table)
        .set({ width: made.width, height: made.height, renditionWidths: made.widths.join(",") })
        .where(eq(table.id, picture.id));
      run.made.push(picture.id);
    } catch (error) {
      console.error("Verkleinerte Fassungen konnten nicht erstellt werden; der nächste Lauf versucht es wieder", picture.id, error);
      run.failed.push(picture.id);
    }
  }
  if (pictures.some((picture) => isPublicKind(picture.kind) && run.made.includes(picture.id))) await db.contentChanged();
  return run;
}

/** Makes the missing renditions of the given pictures (by id), or of every picture that lacks them. */
export async function makeMissingRenditions(
  db: Database,
  bucket: R2Bucket,
  transforms: ImagesBinding,
  ids?: string[],
): Promise<RenditionRun> {
  const missing: RenditionSource[] = [];
  for (const kind of STORED_KINDS) {
    const table = pictureTable(kind);
    const rows = await db
      .select({ id: table.id, key: table.imageKey, type: table.contentType, width: table.width, height: table.height })
      .from(table)
      .where(and(isNull(table.renditionWidths), ids ? inArray(table.id, ids) : undefined));
    missing.push(...rows.map((row) => ({ kind, ...row })));
  }
  return makeRenditionsOf(db, bucket, transforms, missing);
}
