/** WebP: recognising, sizing (VP8X, VP8, VP8L), animation and stripping to the display chunks. */

import { type ImageSize, InvalidImageError, ascii, concatBytes, requireRange, uint32LE, type ImageFormat } from "./byte-reading.server";

const WEBP_IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X"]);
/** Image data, alpha, animation and the colour profile; EXIF, XMP, C2PA and unknown chunks are dropped. */
const WEBP_DISPLAY_CHUNKS = new Set([...WEBP_IMAGE_CHUNKS, "ALPH", "ANIM", "ANMF", "ICCP"]);
const VP8X_ANIMATION_FLAG = 0x02;
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP";
}

function stripWebp(bytes: Uint8Array): Uint8Array {
  if (!isWebp(bytes)) throw new InvalidImageError();
  const riffEnd = 8 + uint32LE(bytes, 4);
  if (riffEnd > bytes.length) throw new InvalidImageError();
  const kept: Uint8Array[] = [];
  let position = 12;
  while (position < riffEnd) {
    if (position + 8 > riffEnd) throw new InvalidImageError();
    const fourCC = ascii(bytes, position, 4);
    const payloadLength = uint32LE(bytes, position + 4);
    // Chunk payloads are padded to an even length.
    const end = position + 8 + payloadLength + (payloadLength % 2);
    if (end > riffEnd) throw new InvalidImageError();
    if (position === 12 && !WEBP_IMAGE_CHUNKS.has(fourCC)) throw new InvalidImageError();
    if (fourCC === "VP8X") {
      if (payloadLength < 10) throw new InvalidImageError();
      const chunk = bytes.slice(position, end);
      chunk[8] &= ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      kept.push(chunk);
    } else if (WEBP_DISPLAY_CHUNKS.has(fourCC)) {
      kept.push(bytes.subarray(position, end));
    }
    position = end;
  }
  if (kept.length === 0) throw new InvalidImageError();
  const result = concatBytes([bytes.subarray(0, 12), ...kept]);
  new DataView(result.buffer).setUint32(4, result.length - 8, true);
  return result;
}

function uint24LE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 3);
  return bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16);
}

/** The first chunk after the RIFF header is VP8X (canvas size), VP8 (lossy) or VP8L (lossless). */
function webpSize(bytes: Uint8Array): ImageSize {
  requireRange(bytes, 12, 8);
  const fourCC = ascii(bytes, 12, 4);
  const payload = 20;
  if (fourCC === "VP8X") {
    return { width: uint24LE(bytes, payload + 4) + 1, height: uint24LE(bytes, payload + 7) + 1 };
  }
  if (fourCC === "VP8 ") {
    // Frame tag (3 bytes), start code (3 bytes), then 14-bit width and height with 2 scale bits.
    requireRange(bytes, payload + 6, 4);
    return {
      width: (bytes[payload + 6] | (bytes[payload + 7] << 8)) & 0x3fff,
      height: (bytes[payload + 8] | (bytes[payload + 9] << 8)) & 0x3fff,
    };
  }
  if (fourCC === "VP8L") {
    // Signature byte 0x2f, then width−1 and height−1 in 14 bits each.
    requireRange(bytes, payload + 1, 4);
    const bits = bytes[payload + 1] | (bytes[payload + 2] << 8) | (bytes[payload + 3] << 16) | (bytes[payload + 4] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  throw new InvalidImageError();
}

export const webp: ImageFormat = {
  matches: isWebp,
  size: webpSize,
  strip: stripWebp,
  animated: (bytes) => bytes.length > 20 && ascii(bytes, 12, 4) === "VP8X" && (bytes[20] & VP8X_ANIMATION_FLAG) !== 0,
};
