import type { BatchItem } from "drizzle-orm/batch";
import { notAPicture } from "~/lib/image-types";
import { HttpError } from "~/server/base/errors.server";
import { newId } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import {
  type ImageType,
  InvalidImageError,
  isAnimated,
  readImageSize,
  sniffImageType,
  stripImageMetadata,
  uprightSize,
} from "./image-bytes.server";
import { originalKey, type PictureKind } from "./keys.server";
import { initialRenditionWidths, makeRenditionsOf } from "./renditions.server";
import { writeAll } from "./storage.server";
import { type CheckedImage, storedOriginal } from "./stored-original.server";

/*
 * Storing uploaded pictures, for every caller: the API, the staff page with and without
 * JavaScript, the seed and the enquiry form. Each file is checked by its bytes, re-encoded
 * upright without metadata, written to R2 together with its owner's rows (all or nothing),
 * and its renditions are made after the answer.
 */

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/**
 * A picture's declared size is checked before anything decodes it: a small file can
 * declare a canvas whose pixels alone would exceed a Worker's memory ("pixel bomb").
 * A 50-megapixel phone still passes; no camera the workshop uses comes near the edge limit.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_EDGE = 12_000;

export interface ImageFile {
  name: string;
  bytes: Uint8Array;
}

/** What storing needs of the request: the bucket, the Images binding, and a way to work after the answer. */
export interface PictureStorage {
  bucket: R2Bucket;
  transforms: ImagesBinding;
  /** Runs `work` once the answer is on its way (the worker's `waitUntil`). */
  afterAnswer: (work: () => Promise<unknown>) => void;
}

/** Checks a picture by its bytes, never by its name or declared type, and removes location and camera data. */
export function checkPicture(file: ImageFile): CheckedImage {
  if (file.bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new HttpError(413, `„${file.name}“ ist größer als 15 MB.`);
  }
  const type = sniffImageType(file.bytes);
  if (!type) {
    throw new HttpError(415, notAPicture(file.name));
  }
  try {
    const size = readImageSize(file.bytes, type);
    if (size.width === 0 || size.height === 0) throw new InvalidImageError();
    if (size.width > MAX_IMAGE_EDGE || size.height > MAX_IMAGE_EDGE || size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new HttpError(
        413,
        `„${file.name}“ ist mit ${size.width} × ${size.height} Pixeln zu groß (höchstens ${MAX_IMAGE_PIXELS / 1_000_000} Megapixel und ${MAX_IMAGE_EDGE.toLocaleString("de-DE")} Pixel je Seite).`,
      );
    }
    return { type, size: uprightSize(file.bytes, type, size), bytes: stripImageMetadata(file.bytes, type) };
  } catch (error) {
    if (error instanceof InvalidImageError) throw new HttpError(400, `„${file.name}“: ${error.message}`);
    throw error;
  }
}

/** A picture as stored: the picture columns of its owner's row (schema.ts). */
export interface StoredPicture {
  id: string;
  imageKey: string;
  contentType: ImageType;
  byteSize: number;
  width: number;
  height: number;
  renditionWidths: string | null;
}

export const STORE_FAILED = "Die Bilder konnten nicht gespeichert werden. Es wurde nichts übernommen.";

/**
 * Stores the pictures of `files` as `kind`, each under a new id, with the owner's rows
 * (`rows`, given the stored pictures in the files' order) in one D1 batch. Every file is
 * checked before any is re-encoded, so a refused one costs no transformation; R2 objects are
 * written first and removed again if any write or the batch fails, so neither an object
 * without a record nor a record without its object remains. The renditions follow after the answer.
 */
export async function storePictures(
  db: Database,
  storage: PictureStorage,
  kind: PictureKind,
  files: ImageFile[],
  rows: (stored: StoredPicture[]) => BatchItem<"sqlite">[],
): Promise<StoredPicture[]> {
  const checked = files.map((file) => ({ file, picture: checkPicture(file) }));
  const stored: (StoredPicture & { bytes: Uint8Array })[] = [];
  // One at a time: each re-encoding holds a decoded photo.
  for (const { file, picture } of checked) {
    const original = await storedOriginal(storage.transforms, picture, file.name);
    const id = newId();
    stored.push({
      id,
      imageKey: originalKey(kind, id, original.type),
      contentType: original.type,
      byteSize: original.bytes.byteLength,
      width: original.size.width,
      height: original.size.height,
      renditionWidths: initialRenditionWidths(isAnimated(original.bytes, original.type)),
      bytes: original.bytes,
    });
  }

  let written: Awaited<ReturnType<typeof writeAll>> | null = null;
  try {
    written = await writeAll(
      storage.bucket,
      stored.map(({ imageKey, contentType, bytes }) => ({ key: imageKey, type: contentType, bytes })),
    );
    await db.batch(rows(stored) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    await written?.discard();
    if (error instanceof HttpError) throw error;
    console.error("Speichern der Bilder fehlgeschlagen", error);
    throw new HttpError(503, STORE_FAILED);
  }

  const pending = stored.filter((picture) => picture.renditionWidths === null);
  if (pending.length > 0) {
    storage.afterAnswer(() =>
      makeRenditionsOf(
        db,
        storage.bucket,
        storage.transforms,
        pending.map(({ id, imageKey, contentType, width, height, bytes }) => ({
          kind,
          id,
          key: imageKey,
          type: contentType,
          width,
          height,
          bytes,
        })),
      ),
    );
  }
  return stored.map(({ bytes: _stored, ...picture }) => picture);
}
