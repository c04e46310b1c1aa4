/**
 * Byte-level handling of uploaded photos: recognise the format from the content and keep only
 * what a browser needs to display the picture (pixels, animation, colour profile, orientation),
 * without re-encoding, so quality and size stay as uploaded. Everything else — EXIF, XMP,
 * comments, thumbnails, C2PA/JUMBF manifests, private and unknown chunks — is removed: an
 * allow-list, so a container nobody thought of does not survive.
 * Pure Uint8Array code because it runs inside the Workers runtime.
 */

import type { ImageType } from "~/lib/image-types";
import { avif } from "./bytes/avif.server";
import { type ImageFormat, type ImageSize, InvalidImageError } from "./bytes/byte-reading.server";
import { gif } from "./bytes/gif.server";
import { jpeg, readJpegOrientation } from "./bytes/jpeg.server";
import { png } from "./bytes/png.server";
import { webp } from "./bytes/webp.server";

export type { ImageSize, ImageType };
export { InvalidImageError, readJpegOrientation };

/** Each accepted format's own module, in the order they are recognised. */
const FORMATS: Record<ImageType, ImageFormat> = {
  "image/jpeg": jpeg,
  "image/png": png,
  "image/gif": gif,
  "image/webp": webp,
  "image/avif": avif,
};

/** Decide the type from the file's leading bytes only (never name / declared type). Returns null for anything else (SVG, HTML, text, PDF, HEIC, truncated files, ...). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  return (Object.keys(FORMATS) as ImageType[]).find((type) => FORMATS[type].matches(bytes)) ?? null;
}

/** Return a copy of the image with nothing but what displays it (see above), still upright. Throws `InvalidImageError` if the structure is broken/truncated. */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return FORMATS[type].strip(bytes);
}

/**
 * Like `stripImageMetadata`, but a JPEG loses its orientation too: for a re-encoder that is
 * told the turn itself, so neither it nor a browser turns the result a second time.
 */
export function stripAllMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return FORMATS[type].strip(bytes, false);
}

/**
 * Whether the picture moves: any GIF (a still one is rare and gains nothing), an APNG
 * (`acTL`), a WebP with the VP8X animation flag, an AVIF image sequence (brand `avis`).
 * Re-encoding would keep only its first frame.
 */
export function isAnimated(bytes: Uint8Array, type: ImageType): boolean {
  return FORMATS[type].animated(bytes);
}

/**
 * The pixel size an image's header declares, read without decoding (so a tiny file that
 * declares a huge canvas is caught before anything allocates it). For AVIF the largest
 * declared item counts, for GIF the logical screen. Throws `InvalidImageError` when the header is missing.
 */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize {
  return FORMATS[type].size(bytes);
}

/** The size the picture displays at: EXIF orientations 5–8 turn a JPEG by a quarter, swapping width and height. */
export function uprightSize(bytes: Uint8Array, type: ImageType, size: ImageSize): ImageSize {
  const orientation = type === "image/jpeg" ? readJpegOrientation(bytes) : null;
  return orientation && orientation >= 5 ? { width: size.height, height: size.width } : size;
}
