/** JPEG: recognising, sizing (start of frame), orientation and stripping to the segments that display the picture. */

import { type ImageSize, InvalidImageError, ascii, asciiBytes, concatBytes, requireRange, startsWith, uint16BE, type ImageFormat } from "./byte-reading.server";

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

export const jpeg: ImageFormat = {
  matches: (bytes) => startsWith(bytes, 0, JPEG_SIGNATURE),
  size: jpegSize,
  strip: stripJpeg,
  animated: () => false,
};

/** The EXIF orientation (1..8) of a JPEG, or null when it has none. Throws `InvalidImageError` for a broken JPEG. */
export function readJpegOrientation(bytes: Uint8Array): number | null {
  for (const segment of readJpegSegments(bytes)) {
    if (isExifSegment(bytes, segment)) return readExifOrientation(bytes.subarray(segment.payloadStart + EXIF_HEADER.length, segment.end));
  }
  return null;
}
