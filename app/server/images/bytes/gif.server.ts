/** GIF: recognising and stripping to frames, timing, transparency and looping. */

import { InvalidImageError, ascii, concatBytes, requireRange, type ImageFormat } from "./byte-reading.server";

const GIF_EXTENSION = 0x21;
const GIF_IMAGE_SEPARATOR = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_GRAPHIC_CONTROL_LABEL = 0xf9;
const GIF_APPLICATION_LABEL = 0xff;
const GIF_LOOPING_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

function isGif(bytes: Uint8Array): boolean {
  if (bytes.length < 6) return false;
  const header = ascii(bytes, 0, 6);
  return header === "GIF87a" || header === "GIF89a";
}

/** Size of a colour table announced in a packed field (global or local, same layout). */
function colourTableLength(packedFields: number): number {
  return packedFields & 0x80 ? 3 * (2 << (packedFields & 0x07)) : 0;
}

/** Returns the offset after the block terminator of a run of data sub-blocks. */
function skipSubBlocks(bytes: Uint8Array, position: number): number {
  for (;;) {
    requireRange(bytes, position, 1);
    const size = bytes[position];
    position += 1 + size;
    if (size === 0) return position;
  }
}

/**
 * Frame timing and transparency (graphic control) and looping are all a browser uses;
 * comments, plain-text overlays (which browsers do not draw) and other applications'
 * data (XMP, editors) are dropped.
 */
function keepGifExtension(bytes: Uint8Array, position: number): boolean {
  const label = bytes[position + 1];
  if (label === GIF_GRAPHIC_CONTROL_LABEL) return true;
  if (label !== GIF_APPLICATION_LABEL) return false;
  return bytes[position + 2] === 11 && GIF_LOOPING_APPLICATIONS.has(ascii(bytes, position + 3, 11));
}

function stripGif(bytes: Uint8Array): Uint8Array {
  if (!isGif(bytes)) throw new InvalidImageError();
  // Header (6) and logical screen descriptor (7), followed by the optional global colour table.
  requireRange(bytes, 0, 13);
  let position = 13 + colourTableLength(bytes[10]);
  requireRange(bytes, 0, position);
  const parts: Uint8Array[] = [bytes.subarray(0, position)];
  for (;;) {
    const introducer = bytes[position];
    if (introducer === GIF_TRAILER) {
      parts.push(bytes.subarray(position, position + 1));
      return concatBytes(parts);
    }
    if (introducer === GIF_IMAGE_SEPARATOR) {
      requireRange(bytes, position, 10);
      // Descriptor (10), local colour table, LZW minimum code size (1), then the image sub-blocks.
      const end = skipSubBlocks(bytes, position + 10 + colourTableLength(bytes[position + 9]) + 1);
      parts.push(bytes.subarray(position, end));
      position = end;
    } else if (introducer === GIF_EXTENSION) {
      requireRange(bytes, position, 2);
      const end = skipSubBlocks(bytes, position + 2);
      if (keepGifExtension(bytes, position)) parts.push(bytes.subarray(position, end));
      position = end;
    } else {
      throw new InvalidImageError();
    }
  }
}

export const gif: ImageFormat = {
  matches: isGif,
  // The logical screen.
  size(bytes) {
    requireRange(bytes, 6, 4);
    return { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) };
  },
  strip: stripGif,
  // Any GIF counts as moving: a still one is rare and gains nothing from re-encoding.
  animated: () => true,
};
