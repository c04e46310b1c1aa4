/**
 * Image files assembled byte by byte, so the tests need no binary fixtures and
 * know exactly which metadata a file carries.
 */

type Part = ArrayLike<number> | string;

export function bytes(...parts: Part[]): Uint8Array {
  const arrays = parts.map((part) =>
    typeof part === "string" ? Uint8Array.from(part, (char) => char.charCodeAt(0)) : Uint8Array.from(part),
  );
  const result = new Uint8Array(arrays.reduce((total, array) => total + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    result.set(array, offset);
    offset += array.length;
  }
  return result;
}

const u16 = (value: number, littleEndian = false) => {
  const pair = [(value >> 8) & 0xff, value & 0xff];
  return littleEndian ? pair.reverse() : pair;
};

const u32 = (value: number, littleEndian = false) => {
  const quad = [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  return littleEndian ? quad.reverse() : quad;
};

export function contains(haystack: Uint8Array, needle: Part): boolean {
  const pattern = bytes(needle);
  outer: for (let start = 0; start + pattern.length <= haystack.length; start++) {
    for (let index = 0; index < pattern.length; index++) {
      if (haystack[start + index] !== pattern[index]) continue outer;
    }
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// PNG: a real, decodable image (zlib "stored" blocks need no compressor).

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

export function pngChunk(type: string, ...data: Part[]): Uint8Array {
  const typeAndData = bytes(type, ...data);
  return bytes(u32(typeAndData.length - 4), typeAndData, u32(crc32(typeAndData)));
}

/** zlib stream of uncompressed deflate blocks (at most 65535 bytes each). */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks: Part[] = [];
  let offset = 0;
  do {
    const block = data.subarray(offset, offset + 65535);
    offset += block.length;
    blocks.push([offset >= data.length ? 1 : 0], u16(block.length, true), u16(~block.length & 0xffff, true), block);
  } while (offset < data.length);
  return bytes([0x78, 0x01], ...blocks, u32(adler32(data)));
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A solid-colour RGB PNG; `metadata` chunks are placed between IHDR and IDAT. */
export function png({
  width = 2,
  height = 2,
  rgb = [200, 30, 30],
  metadata = [],
}: { width?: number; height?: number; rgb?: number[]; metadata?: Uint8Array[] } = {}): Uint8Array {
  const row = [0, ...Array.from({ length: width }, () => rgb).flat()];
  const pixels = bytes(...Array.from({ length: height }, () => row));
  return bytes(
    PNG_SIGNATURE,
    pngChunk("IHDR", u32(width), u32(height), [8, 2, 0, 0, 0]),
    ...metadata,
    pngChunk("IDAT", zlibStored(pixels)),
    pngChunk("IEND"),
  );
}

/** The chunk types of a PNG, in order. */
export function pngChunkTypes(file: Uint8Array): string[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const types: string[] = [];
  for (let position = 8; position < file.length; position += 12 + view.getUint32(position)) {
    types.push(String.fromCharCode(...file.subarray(position + 4, position + 8)));
  }
  return types;
}

// ---------------------------------------------------------------------------
// JPEG with EXIF (camera make, orientation, GPS position) and an XMP packet.

/** 48° 8' 30.12" as three RATIONALs: the byte pattern of the photo's location. */
export function gpsLatitudeRationals(littleEndian = false): number[] {
  return [48, 1, 8, 1, 3012, 100].flatMap((value) => u32(value, littleEndian));
}

export const CAMERA_MAKE = "TestCam";
export const XMP_MARKER = "exif:GPSLatitude";

/** TIFF with IFD0 = {Make, Orientation, GPS pointer} and a GPS IFD = {GPSLatitudeRef, GPSLatitude}. */
function exifTiff(orientation: number, le: boolean): Uint8Array {
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...u16(tag, le),
    ...u16(type, le),
    ...u32(count, le),
    ...value,
  ];
  const ifd0Offset = 8;
  const makeOffset = ifd0Offset + 2 + 3 * 12 + 4;
  const make = `${CAMERA_MAKE}\0`;
  const gpsIfdOffset = makeOffset + make.length;
  const latitudeOffset = gpsIfdOffset + 2 + 2 * 12 + 4;
  return bytes(
    le ? "II" : "MM",
    u16(42, le),
    u32(ifd0Offset, le),
    u16(3, le),
    entry(0x010f, 2, make.length, u32(makeOffset, le)),
    entry(0x0112, 3, 1, [...u16(orientation, le), 0, 0]),
    entry(0x8825, 4, 1, u32(gpsIfdOffset, le)),
    u32(0, le),
    make,
    u16(2, le),
    entry(0x0001, 2, 2, [0x4e, 0, 0, 0]),
    entry(0x0002, 5, 3, u32(latitudeOffset, le)),
    u32(0, le),
    gpsLatitudeRationals(le),
  );
}

function jpegSegment(marker: number, ...payload: Part[]): Uint8Array {
  const body = bytes(...payload);
  return bytes([0xff, marker], u16(body.length + 2), body);
}

export function exifTiffBytes(orientation = 6): Uint8Array {
  return exifTiff(orientation, false);
}

/** A baseline JPEG as a phone writes it: JFIF, EXIF with GPS, XMP, then the image segments. */
export function photoJpeg({ orientation = 6 }: { orientation?: number } = {}): Uint8Array {
  return bytes(
    [0xff, 0xd8],
    jpegSegment(0xe0, "JFIF\0", [1, 1, 0, 0, 1, 0, 1, 0, 0]),
    jpegSegment(0xe1, "Exif\0\0", exifTiff(orientation, false)),
    jpegSegment(
      0xe1,
      "http://ns.adobe.com/xap/1.0/\0",
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><${XMP_MARKER}>48,8.502N</${XMP_MARKER}></x:xmpmeta>`,
    ),
    jpegSegment(0xdb, [0], new Array<number>(64).fill(1)),
    jpegSegment(0xc0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]),
    jpegSegment(0xc4, [0x00], new Array<number>(16).fill(0).map((_, index) => (index === 0 ? 1 : 0)), [0x05]),
    jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    [0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78],
    [0xff, 0xd9],
  );
}

// ---------------------------------------------------------------------------
// Files that must be refused whatever they claim to be.

export const SVG = bytes(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
);
export const HTML = bytes("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
export const TEXT = bytes("Dies ist nur ein Text, kein Foto.\n");
