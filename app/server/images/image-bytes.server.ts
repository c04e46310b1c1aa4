/**
 * Byte-level handling of uploaded photos: recognise the format from the content and keep only
 * what a browser needs to display the picture (pixels, animation, colour profile, orientation),
 * without re-encoding, so quality and size stay as uploaded. Everything else — EXIF, XMP,
 * comments, thumbnails, C2PA/JUMBF manifests, private and unknown chunks — is removed: an
 * allow-list, so a container nobody thought of does not survive.
 * Pure Uint8Array code because it runs inside the Workers runtime.
 */

import type { ImageType } from "~/lib/image-types";

export type { ImageType };

export class InvalidImageError extends Error {
  constructor() {
    super("Die Bilddatei ist beschädigt oder unvollständig.");
    this.name = "InvalidImageError";
  }
}

/** Decide the type from the file's leading bytes only (never name / declared type). Returns null for anything else (SVG, HTML, text, PDF, HEIC, truncated files, ...). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return "image/png";
  if (isGif(bytes)) return "image/gif";
  if (isWebp(bytes)) return "image/webp";
  if (hasAvifBrand(bytes)) return "image/avif";
  return null;
}

/** Return a copy of the image with nothing but what displays it (see above), still upright. Throws `InvalidImageError` if the structure is broken/truncated. */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
    case "image/gif":
      return stripGif(bytes);
    case "image/avif":
      return stripAvif(bytes);
  }
}

/**
 * Like `stripImageMetadata`, but a JPEG loses its orientation too: for a re-encoder that is
 * told the turn itself, so neither it nor a browser turns the result a second time.
 */
export function stripAllMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return type === "image/jpeg" ? stripJpeg(bytes, false) : stripImageMetadata(bytes, type);
}

/**
 * Whether the picture moves: any GIF (a still one is rare and gains nothing), an APNG
 * (`acTL`), a WebP with the VP8X animation flag, an AVIF image sequence (brand `avis`).
 * Re-encoding would keep only its first frame.
 */
export function isAnimated(bytes: Uint8Array, type: ImageType): boolean {
  switch (type) {
    case "image/gif":
      return true;
    case "image/png":
      return pngChunkTypes(bytes).includes("acTL");
    case "image/webp":
      return bytes.length > 20 && ascii(bytes, 12, 4) === "VP8X" && (bytes[20] & VP8X_ANIMATION_FLAG) !== 0;
    case "image/avif":
      return hasBrand(bytes, "avis");
    case "image/jpeg":
      return false;
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The pixel size an image's header declares, read without decoding (so a tiny file that
 * declares a huge canvas is caught before anything allocates it). For AVIF the largest
 * declared item counts, for GIF the logical screen. Throws `InvalidImageError` when the header is missing.
 */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize {
  switch (type) {
    case "image/jpeg":
      return jpegSize(bytes);
    case "image/png":
      requireRange(bytes, 16, 8);
      if (ascii(bytes, 12, 4) !== "IHDR") throw new InvalidImageError();
      return { width: uint32BE(bytes, 16), height: uint32BE(bytes, 20) };
    case "image/gif":
      requireRange(bytes, 6, 4);
      return { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) };
    case "image/webp":
      return webpSize(bytes);
    case "image/avif":
      return avifSize(bytes);
  }
}

/** The EXIF orientation (1..8) of a JPEG, or null when it has none. Throws `InvalidImageError` for a broken JPEG. */
export function readJpegOrientation(bytes: Uint8Array): number | null {
  for (const segment of readJpegSegments(bytes)) {
    if (isExifSegment(bytes, segment)) return readExifOrientation(bytes.subarray(segment.payloadStart + EXIF_HEADER.length, segment.end));
  }
  return null;
}

// ---------------------------------------------------------------------------
// Shared byte helpers

function requireRange(bytes: Uint8Array, start: number, length: number): void {
  if (start < 0 || start + length > bytes.length) throw new InvalidImageError();
}

function uint16BE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 2);
  return (bytes[offset] << 8) | bytes[offset + 1];
}

function uint32BE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 4);
  return bytes[offset] * 0x1000000 + ((bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]);
}

function uint32LE(bytes: Uint8Array, offset: number): number {
  requireRange(bytes, offset, 4);
  return bytes[offset + 3] * 0x1000000 + ((bytes[offset + 2] << 16) | (bytes[offset + 1] << 8) | bytes[offset]);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  requireRange(bytes, offset, length);
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function asciiBytes(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, offset: number, prefix: ArrayLike<number>): boolean {
  if (offset + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (bytes[offset + index] !== prefix[index]) return false;
  }
  return true;
}

function concatBytes(parts: ArrayLike<number>[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

// ---------------------------------------------------------------------------
// JPEG

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const JPG_RESERVED = 0xc8;
const EXIF_HEADER = asciiBytes("Exif\0\0");
const JFIF_HEADER = asciiBytes("JFIF\0");
/** "JFIF\0", version, units, densities and the thumbnail size, without the thumbnail's pixels. */
const JFIF_LENGTH = 14;
/** "Adobe", version, two flag words and the colour transform. */
const ADOBE_LENGTH = 12;
const ICC_PROFILE_HEADER = asciiBytes("ICC_PROFILE\0");
const ADOBE_HEADER = asciiBytes("Adobe");
const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

interface JpegSegment {
  marker: number;
  /** Offset of the marker, including any fill bytes before it. */
  start: number;
  payloadStart: number;
  /** For SOS this includes the entropy-coded scan data that follows the header. */
  end: number;
}

function isRestartMarker(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

/** The segments after SOI up to and including EOI; bytes after EOI are not part of the image. */
function readJpegSegments(bytes: Uint8Array): JpegSegment[] {
  if (!startsWith(bytes, 0, JPEG_SIGNATURE)) throw new InvalidImageError();
  const segments: JpegSegment[] = [];
  let position = 2;
  for (;;) {
    if (bytes[position] !== 0xff) throw new InvalidImageError();
    let markerAt = position;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined || marker === 0x00 || marker === SOI) throw new InvalidImageError();
    if (marker === EOI || marker === TEM || isRestartMarker(marker)) {
      segments.push({ marker, start: position, payloadStart: markerAt + 2, end: markerAt + 2 });
      if (marker === EOI) return segments;
      position = markerAt + 2;
      continue;
    }
    const length = uint16BE(bytes, markerAt + 2);
    const headerEnd = markerAt + 2 + length;
    if (length < 2 || headerEnd > bytes.length) throw new InvalidImageError();
    const end = marker === SOS ? endOfScanData(bytes, headerEnd) : headerEnd;
    segments.push({ marker, start: position, payloadStart: markerAt + 4, end });
    position = end;
  }
}

/** Scan data ends at the first marker that is neither a stuffed zero nor a restart marker. */
function endOfScanData(bytes: Uint8Array, from: number): number {
  for (let index = from; index + 1 < bytes.length; index++) {
    if (bytes[index] !== 0xff) continue;
    const next = bytes[index + 1];
    if (next === 0x00 || next === 0xff || isRestartMarker(next)) continue;
    return index;
  }
  throw new InvalidImageError();
}

function isExifSegment(bytes: Uint8Array, segment: JpegSegment): boolean {
  return segment.marker === APP1 && startsWith(bytes, segment.payloadStart, EXIF_HEADER) && segment.payloadStart + EXIF_HEADER.length <= segment.end;
}

/** Markers that carry the picture itself: frames, tables, scans, restarts, end of image. */
function isImageMarker(marker: number): boolean {
  const frameOrTable = marker >= 0xc0 && marker <= 0xcf && marker !== JPG_RESERVED; // SOFn, DHT, DAC
  return frameOrTable || isRestartMarker(marker) || (marker >= 0xd9 && marker <= 0xdf); // EOI, SOS, DQT, DNL, DRI, DHP, EXP
}

/** A segment rebuilt from the first `length` payload bytes, so nothing appended to it survives. */
function rebuiltSegment(bytes: Uint8Array, segment: JpegSegment, length: number): Uint8Array {
  const rebuilt = new Uint8Array(4 + length);
  rebuilt.set([0xff, segment.marker, (length + 2) >> 8, (length + 2) & 0xff]);
  rebuilt.set(bytes.subarray(segment.payloadStart, segment.payloadStart + length), 4);
  return rebuilt;
}

/**
 * What of a segment is kept: image markers whole; the first JFIF header without its
 * thumbnail; the colour profile (ICC) and Adobe's colour transform flag, which change how
 * the pixels look. Null for everything else (Exif, XMP, JFXX thumbnails, C2PA in APP11, comments, …).
 */
function keptJpegSegment(bytes: Uint8Array, segment: JpegSegment, isFirstJfif: boolean): Uint8Array | null {
  const { marker, payloadStart, end } = segment;
  if (isImageMarker(marker)) return bytes.subarray(segment.start, end);
  const payloadLength = end - payloadStart;
  if (marker === APP0 && isFirstJfif && startsWith(bytes, payloadStart, JFIF_HEADER) && payloadLength >= JFIF_LENGTH) {
    const jfif = rebuiltSegment(bytes, segment, JFIF_LENGTH);
    jfif[4 + 12] = 0;
    jfif[4 + 13] = 0;
    return jfif;
  }
  if (marker === APP2 && startsWith(bytes, payloadStart, ICC_PROFILE_HEADER)) return bytes.subarray(segment.start, end);
  if (marker === APP14 && startsWith(bytes, payloadStart, ADOBE_HEADER) && payloadLength >= ADOBE_LENGTH) {
    return rebuiltSegment(bytes, segment, ADOBE_LENGTH);
  }
  return null;
}

function stripJpeg(bytes: Uint8Array, keepOrientation = true): Uint8Array {
  const segments = readJpegSegments(bytes);
  const exifSegment = segments.find((segment) => isExifSegment(bytes, segment));
  const orientation = exifSegment ? readExifOrientation(bytes.subarray(exifSegment.payloadStart + EXIF_HEADER.length, exifSegment.end)) : null;
  // JFIF is valid only as the segment right after SOI.
  const parts = segments
    .map((segment, index) => keptJpegSegment(bytes, segment, index === 0))
    .filter((part): part is Uint8Array => part !== null);
  if (keepOrientation && orientation !== null && orientation > 1) {
    // JFIF requires its APP0 directly after SOI, so the new Exif segment goes behind it.
    const hasJfif = parts[0]?.[1] === APP0;
    parts.splice(hasJfif ? 1 : 0, 0, buildOrientationExifSegment(orientation));
  }
  return concatBytes([bytes.subarray(0, 2), ...parts]);
}

/** Reads IFD0's Orientation; malformed EXIF counts as "no orientation" because it is discarded anyway. */
function readExifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const byteOrder = ascii(tiff, 0, 2);
  if (byteOrder !== "II" && byteOrder !== "MM") return null;
  const littleEndian = byteOrder === "II";
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (view.getUint16(2, littleEndian) !== 42) return null;
  const ifdOffset = view.getUint32(4, littleEndian);
  if (ifdOffset + 2 > tiff.length) return null;
  const entryCount = view.getUint16(ifdOffset, littleEndian);
  for (let entry = ifdOffset + 2; entry < ifdOffset + 2 + entryCount * 12; entry += 12) {
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, littleEndian) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, littleEndian) !== TIFF_SHORT || view.getUint32(entry + 4, littleEndian) !== 1) return null;
    const orientation = view.getUint16(entry + 8, littleEndian);
    return orientation >= 1 && orientation <= 8 ? orientation : null;
  }
  return null;
}

/** An APP1 Exif segment whose big-endian TIFF holds nothing but IFD0 with the Orientation entry. */
function buildOrientationExifSegment(orientation: number): Uint8Array {
  const tiffLength = 8 + 2 + 12 + 4;
  const segment = new Uint8Array(4 + EXIF_HEADER.length + tiffLength);
  const view = new DataView(segment.buffer);
  view.setUint16(0, 0xff00 | APP1);
  view.setUint16(2, segment.length - 2);
  segment.set(EXIF_HEADER, 4);
  const tiff = 4 + EXIF_HEADER.length;
  segment.set(asciiBytes("MM"), tiff);
  view.setUint16(tiff + 2, 42);
  view.setUint32(tiff + 4, 8);
  view.setUint16(tiff + 8, 1);
  view.setUint16(tiff + 10, ORIENTATION_TAG);
  view.setUint16(tiff + 12, TIFF_SHORT);
  view.setUint32(tiff + 14, 1);
  view.setUint16(tiff + 18, orientation);
  // The next-IFD offset after the entry stays 0: there is no IFD1 (thumbnail).
  return segment;
}

// ---------------------------------------------------------------------------
// PNG

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

// ---------------------------------------------------------------------------
// WebP

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

// ---------------------------------------------------------------------------
// GIF

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

// ---------------------------------------------------------------------------
// AVIF (ISO base media file format)

const AVIF_BRANDS = new Set(["avif", "avis"]);
/** An Exif item payload (offset to the TIFF header, then TIFF) with an empty IFD0. */
const EMPTY_AVIF_EXIF = [0, 0, 0, 0, ...asciiBytes("MM"), 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0];

interface Box {
  type: string;
  start: number;
  contentStart: number;
  end: number;
}

interface ItemLocation {
  itemId: number;
  constructionMethod: number;
  dataReferenceIndex: number;
  extents: { offset: number; length: number }[];
}

function hasAvifBrand(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const boxSize = uint32BE(bytes, 0);
  if (boxSize < 16 || boxSize > bytes.length) return false;
  // Major brand at 8, minor version at 12, compatible brands from 16 on.
  for (let brandAt = 8; brandAt + 4 <= boxSize; brandAt += 4) {
    if (brandAt !== 12 && AVIF_BRANDS.has(ascii(bytes, brandAt, 4))) return true;
  }
  return false;
}

/** Whether the `ftyp` box names this brand, as major or compatible brand. */
function hasBrand(bytes: Uint8Array, brand: string): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const boxSize = Math.min(uint32BE(bytes, 0), bytes.length);
  for (let brandAt = 8; brandAt + 4 <= boxSize; brandAt += 4) {
    if (brandAt !== 12 && ascii(bytes, brandAt, 4) === brand) return true;
  }
  return false;
}

/** Reads big-endian fields in sequence without leaving the enclosing box. */
class BoxReader {
  constructor(
    private readonly bytes: Uint8Array,
    private position: number,
    private readonly end: number,
  ) {}

  skip(byteCount: number): number {
    const start = this.position;
    if (start + byteCount > this.end) throw new InvalidImageError();
    this.position += byteCount;
    return start;
  }

  uint(byteCount: number): number {
    const start = this.skip(byteCount);
    let value = 0;
    for (let index = start; index < start + byteCount; index++) value = value * 256 + this.bytes[index];
    if (!Number.isSafeInteger(value)) throw new InvalidImageError();
    return value;
  }

  fourCC(): string {
    return ascii(this.bytes, this.skip(4), 4);
  }
}

function readBoxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let position = start;
  while (position < end) {
    const reader = new BoxReader(bytes, position, end);
    let size = reader.uint(4);
    const type = reader.fourCC();
    let headerLength = 8;
    if (size === 1) {
      size = reader.uint(8);
      headerLength = 16;
    } else if (size === 0) {
      // Size 0 means the box extends to the end of its container.
      size = end - position;
    }
    if (size < headerLength || position + size > end) throw new InvalidImageError();
    boxes.push({ type, start: position, contentStart: position + headerLength, end: position + size });
    position += size;
  }
  return boxes;
}

/** Exif items and MIME items (XMP) declared in iinf, by item ID. */
function readMetadataItems(bytes: Uint8Array, itemInfo: Box): Map<number, "Exif" | "mime"> {
  const version = new BoxReader(bytes, itemInfo.contentStart, itemInfo.end).uint(1);
  // The entry count is not needed: the infe boxes fill the rest of iinf.
  const entriesStart = itemInfo.contentStart + 4 + (version === 0 ? 2 : 4);
  const items = new Map<number, "Exif" | "mime">();
  for (const entry of readBoxes(bytes, entriesStart, itemInfo.end)) {
    if (entry.type !== "infe") continue;
    const entryReader = new BoxReader(bytes, entry.contentStart, entry.end);
    const entryVersion = entryReader.uint(1);
    // Versions 0 and 1 have no item type, so they cannot declare Exif or XMP items.
    if (entryVersion < 2) continue;
    entryReader.skip(3);
    const itemId = entryReader.uint(entryVersion === 2 ? 2 : 4);
    entryReader.skip(2); // item_protection_index
    const itemType = entryReader.fourCC();
    if (itemType === "Exif" || itemType === "mime") items.set(itemId, itemType);
  }
  return items;
}

function readItemLocations(bytes: Uint8Array, itemLocation: Box): ItemLocation[] {
  const reader = new BoxReader(bytes, itemLocation.contentStart, itemLocation.end);
  const version = reader.uint(1);
  if (version > 2) throw new InvalidImageError();
  reader.skip(3);
  const sizes = reader.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0x0f;
  const moreSizes = reader.uint(1);
  const baseOffsetSize = moreSizes >> 4;
  // The low nibble is index_size from version 1 on and reserved in version 0.
  const indexSize = version === 0 ? 0 : moreSizes & 0x0f;
  const idSize = version === 2 ? 4 : 2;
  const itemCount = reader.uint(idSize);
  const locations: ItemLocation[] = [];
  for (let item = 0; item < itemCount; item++) {
    const itemId = reader.uint(idSize);
    const constructionMethod = version === 0 ? 0 : reader.uint(2) & 0x0f;
    const dataReferenceIndex = reader.uint(2);
    const baseOffset = reader.uint(baseOffsetSize);
    const extentCount = reader.uint(2);
    const extents: ItemLocation["extents"] = [];
    for (let extent = 0; extent < extentCount; extent++) {
      reader.skip(indexSize);
      const offset = baseOffset + reader.uint(offsetSize);
      extents.push({ offset, length: reader.uint(lengthSize) });
    }
    locations.push({ itemId, constructionMethod, dataReferenceIndex, extents });
  }
  return locations;
}

/**
 * Overwrites an item's data in place so every offset in the file stays valid. Exif items get
 * an empty but well-formed payload because libavif rejects the whole file for a malformed one.
 */
function eraseItem(output: Uint8Array, location: ItemLocation, replacement: ArrayLike<number>): void {
  // Method 0 means file offsets; data inside idat or other files cannot be erased here.
  if (location.constructionMethod !== 0 || location.dataReferenceIndex !== 0) throw new InvalidImageError();
  let itemLength = 0;
  for (const { offset, length } of location.extents) {
    // Length 0 would mean "the whole file", which no metadata item can be.
    if (length === 0 || offset + length > output.length) throw new InvalidImageError();
    itemLength += length;
  }
  const fill = itemLength >= replacement.length ? replacement : [];
  let written = 0;
  for (const { offset, length } of location.extents) {
    for (let index = offset; index < offset + length; index++) output[index] = fill[written++] ?? 0;
  }
}

/** Top-level boxes a player reads; others (`uuid` with a C2PA manifest, `free` with leftovers, …) are blanked. */
const AVIF_DISPLAY_BOXES = new Set(["ftyp", "meta", "mdat", "moov"]);

/** Turns a box into a `free` box of zeros with the same size, so every offset in the file stays valid. */
function blankBox(output: Uint8Array, box: Box): void {
  output.set(asciiBytes("free"), box.start + 4);
  output.fill(0, box.contentStart, box.end);
}

function stripAvif(bytes: Uint8Array): Uint8Array {
  if (!hasAvifBrand(bytes)) throw new InvalidImageError();
  const output = bytes.slice();
  const topLevel = readBoxes(bytes, 0, bytes.length);
  for (const box of topLevel) if (!AVIF_DISPLAY_BOXES.has(box.type)) blankBox(output, box);
  const meta = topLevel.find((box) => box.type === "meta");
  if (!meta) return output;
  // meta is a full box: version and flags come before its children.
  const metaChildren = readBoxes(bytes, meta.contentStart + 4, meta.end);
  const itemInfo = metaChildren.find((box) => box.type === "iinf");
  const metadataItems = itemInfo ? readMetadataItems(bytes, itemInfo) : new Map<number, "Exif" | "mime">();
  if (metadataItems.size === 0) return output;
  const itemLocation = metaChildren.find((box) => box.type === "iloc");
  if (!itemLocation) throw new InvalidImageError();
  for (const location of readItemLocations(bytes, itemLocation)) {
    const itemType = metadataItems.get(location.itemId);
    if (itemType) eraseItem(output, location, itemType === "Exif" ? EMPTY_AVIF_EXIF : []);
  }
  return output;
}

// ---------------------------------------------------------------------------
// Declared sizes

/** Start-of-frame markers (C0–CF without DHT C4, JPG C8 and DAC CC) carry the frame's height and width. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== JPG_RESERVED && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): ImageSize {
  for (const segment of readJpegSegments(bytes)) {
    if (!isStartOfFrame(segment.marker)) continue;
    requireRange(bytes, segment.payloadStart, 5);
    return { width: uint16BE(bytes, segment.payloadStart + 3), height: uint16BE(bytes, segment.payloadStart + 1) };
  }
  throw new InvalidImageError();
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

/** The largest `ispe` (image spatial extents) property in meta → iprp → ipco. */
function avifSize(bytes: Uint8Array): ImageSize {
  const meta = readBoxes(bytes, 0, bytes.length).find((box) => box.type === "meta");
  const properties = meta && readBoxes(bytes, meta.contentStart + 4, meta.end).find((box) => box.type === "iprp");
  const container = properties && readBoxes(bytes, properties.contentStart, properties.end).find((box) => box.type === "ipco");
  if (!container) throw new InvalidImageError();
  let largest: ImageSize | null = null;
  for (const box of readBoxes(bytes, container.contentStart, container.end)) {
    if (box.type !== "ispe") continue;
    // Full box: version and flags, then width and height.
    const reader = new BoxReader(bytes, box.contentStart + 4, box.end);
    const size = { width: reader.uint(4), height: reader.uint(4) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  if (!largest) throw new InvalidImageError();
  return largest;
}
