/** Byte readers shared by the format modules: every read checks its range, so a truncated file is an `InvalidImageError`, never a crash. */

export class InvalidImageError extends Error {
  constructor() {
    super("Die Bilddatei ist beschädigt oder unvollständig.");
    this.name = "InvalidImageError";
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

export function requireRange(bytes: Uint8Array, start: number, length: number): void {
  if (start < 0 || start + length > bytes.length) throw new InvalidImageError();
}

export function uint16BE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 2);
  return (bytes[offset] << 8) | bytes[offset + 1];
}

export function uint32BE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 4);
  return bytes[offset] * 0x1000000 + ((bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]);
}

export function uint32LE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 4);
  return bytes[offset + 3] * 0x1000000 + ((bytes[offset + 2] << 16) | (bytes[offset + 1] << 8) | bytes[offset]);
}

export function ascii(bytes: Uint8Array, offset: number, length: number): string {
  requireRange(bytes, offset, length);
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

export function asciiBytes(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

export function startsWith(bytes: Uint8Array, offset: number, prefix: ArrayLike<number>): boolean {
  if (offset + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (bytes[offset + index] !== prefix[index]) return false;
  }
  return true;
}

export function concatBytes(parts: ArrayLike<number>[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** What the image code knows of one format, each in its own module. */
export interface ImageFormat {
  /** Recognised by the leading bytes alone. */
  matches(bytes: Uint8Array): boolean;
  /** The pixel size the header declares, read without decoding. */
  size(bytes: Uint8Array): ImageSize;
  /** A copy with nothing but what displays the picture; a JPEG keeps its orientation unless told otherwise. */
  strip(bytes: Uint8Array, keepOrientation?: boolean): Uint8Array;
  /** Whether the picture moves, so re-encoding would keep only its first frame. */
  animated(bytes: Uint8Array): boolean;
}
