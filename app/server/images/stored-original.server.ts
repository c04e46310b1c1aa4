import { ORIGINAL_MAX_EDGE } from "~/lib/image-sizes";
import {
  type ImageSize,
  type ImageType,
  isAnimated,
  readImageSize,
  readJpegOrientation,
  sniffImageType,
  stripAllMetadata,
} from "./image-bytes.server";

/*
 * The original as stored (decision 011): upright, at most ORIGINAL_MAX_EDGE on its long edge,
 * re-encoded by the Images binding so that no metadata survives, whichever client uploaded it.
 * What the binding cannot do keeps the byte-stripped upload: animations (re-encoding keeps one
 * frame), mirrored orientations (no phone camera writes them; the kept tag turns them in the
 * browser) and any failure of the binding (the upload must not fail for it).
 */

export interface CheckedImage {
  type: ImageType;
  /** Already stripped to what displays the picture (`stripImageMetadata`). */
  bytes: Uint8Array;
  /** Upright. */
  size: ImageSize;
}

/** Clockwise turn that makes a JPEG upright, by its EXIF orientation; absent for the mirrored ones. */
const TURN: Partial<Record<number, 0 | 90 | 180 | 270>> = { 1: 0, 3: 180, 6: 90, 8: 270 };

/** Quality of the stored original, the source of every rendition: high, since it is encoded once. */
const QUALITY: Partial<Record<ImageType, number>> = { "image/jpeg": 90, "image/webp": 90, "image/avif": 80 };

/** The upright size after scaling the long edge down to at most `maxEdge`. */
export function storedSize({ width, height }: ImageSize, maxEdge = ORIGINAL_MAX_EDGE): ImageSize {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function storedOriginal(transforms: ImagesBinding, image: CheckedImage, name: string): Promise<CheckedImage> {
  if (isAnimated(image.bytes, image.type)) return image;
  const turn = TURN[image.type === "image/jpeg" ? (readJpegOrientation(image.bytes) ?? 1) : 1];
  if (turn === undefined) return image;
  const target = storedSize(image.size);
  // One edge only (the axes are the turned ones), so the aspect ratio stays exactly as it was.
  const scale = target.width === image.size.width ? {} : image.size.width >= image.size.height ? { width: target.width } : { height: target.height };
  try {
    const result = await transforms
      // Without the orientation tag, the turn below is the only one, whether or not the binding would honour the tag.
      .input(new Blob([stripAllMetadata(image.bytes, image.type).slice()]).stream())
      .transform({ ...(turn ? { rotate: turn } : {}), ...scale, fit: "scale-down" })
      .output({ format: image.type, quality: QUALITY[image.type] });
    const bytes = new Uint8Array(await result.response().arrayBuffer());
    if (sniffImageType(bytes) !== image.type) throw new Error(`Das Ergebnis ist kein ${image.type}`);
    const size = readImageSize(bytes, image.type);
    if (Math.abs(size.width - target.width) > 1 || Math.abs(size.height - target.height) > 1) {
      throw new Error(`Das Ergebnis hat ${size.width} × ${size.height} statt ${target.width} × ${target.height} Pixel`);
    }
    // The encoder writes no metadata of the upload's; stripping again keeps its own out as well.
    return { type: image.type, bytes: stripAllMetadata(bytes, image.type), size };
  } catch (error) {
    console.error("Original konnte nicht neu kodiert werden; gespeichert wird es ohne Metadaten wie hochgeladen", name, error);
    return image;
  }
}
