/** PNG (and APNG): recognising, sizing (IHDR), animation and stripping to the display chunks. */

import { InvalidImageError, ascii, concatBytes, startsWith, uint32BE, type ImageFormat, requireRange } from "./byte-reading.server";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * The chunks that affect how a PNG looks: the image, palette and transparency, colour
 * (gamma, chromaticities, sRGB, ICC profile, cICP/HDR) and APNG animation. Text, EXIF,
 * times, C2PA (caBX) and private chunks are dropped.
 */
const PNG_DISPLAY_CHUNKS = new Set([
  "IHDR", "PLTE", "IDAT", "IEND", "tRNS",
  "gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCV", "cLLI",
  "acTL", "fcTL", "fdAT",
]);

function stripPng(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, 0, PNG_SIGNATURE)) throw new InvalidImageError();
  const parts: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE.length)];
  let position = PNG_SIGNATURE.length;
  for (;;) {
    const dataLength = uint32BE(bytes, position);
    const type = ascii(bytes, position + 4, 4);
    // Length, type and CRC frame the chunk data.
    const end = position + 12 + dataLength;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) throw new InvalidImageError();
    if (position === PNG_SIGNATURE.length && type !== "IHDR") throw new InvalidImageError();
    if (PNG_DISPLAY_CHUNKS.has(type)) parts.push(bytes.subarray(position, end));
    if (type === "IEND") return concatBytes(parts);
    position = end;
  }
}

/** The chunk types of a PNG in order, up to IEND or wherever it breaks off. */
function pngChunkTypes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  for (let position = PNG_SIGNATURE.length; position + 8 <= bytes.length; position += 12 + uint32BE(bytes, position)) {
    const type = ascii(bytes, position + 4, 4);
    types.push(type);
    if (type === "IEND") break;
  }
  return types;
}

export const png: ImageFormat = {
  matches: (bytes) => startsWith(bytes, 0, PNG_SIGNATURE),
  size(bytes) {
    requireRange(bytes, 16, 8);
    if (ascii(bytes, 12, 4) !== "IHDR") throw new InvalidImageError();
    return { width: uint32BE(bytes, 16), height: uint32BE(bytes, 20) };
  },
  strip: stripPng,
  // An APNG announces its animation in `acTL`.
  animated: (bytes) => pngChunkTypes(bytes).includes("acTL"),
};
