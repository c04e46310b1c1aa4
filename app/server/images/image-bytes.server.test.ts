import { describe, it, expect } from "vitest";
import {
  InvalidImageError,
  readJpegOrientation,
  sniffImageType,
  stripImageMetadata,
  type ImageType,
} from "./image-bytes.server";
import {
  APP0_JFIF,
  APP1_XMP,
  bytes,
  contains,
  crc32,
  DHT,
  DQT,
  EOI,
  exifSegment,
  exifTiff,
  gpsLatitudeRationals,
  jpegSegment,
  PNG_SIGNATURE,
  pngChunk,
  type Part,
  riffChunk,
  SCAN_DATA,
  SOF0,
  SOI,
  SOS,
  subBlocks,
  u16,
  u32,
  webp,
  XMP_PACKET,
} from "../../../tests/fixtures/images";

// ---------------------------------------------------------------------------
// JPEG fixtures: the shared segments plus every other kind of metadata a file may carry.

const COMMENT = jpegSegment(0xfe, "Seriennummer 12345");
const APP13_IPTC = jpegSegment(0xed, "Photoshop 3.0\0", "8BIM", [4, 4, 0, 0], u32(12), [0x1c, 2, 0x5a, 0, 6], "Bremen");
const APP2_ICC = jpegSegment(0xe2, "ICC_PROFILE\0", [1, 1], "fake icc profile bytes");
const APP2_MPF = jpegSegment(0xe2, "MPF\0", "MM", [0, 42], u32(8));
const APP14_ADOBE = jpegSegment(0xee, "Adobe", [0, 100, 0, 0, 0, 0, 2]);

function photoJpeg(littleEndian: boolean, orientation = 6): Uint8Array {
  return bytes(SOI, APP0_JFIF, exifSegment(orientation, littleEndian), APP1_XMP, APP13_IPTC, APP2_ICC, APP2_MPF, COMMENT, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
}

/** Splits a JPEG into its marker segments (scan data is reported separately) for structural assertions. */
function jpegMarkers(jpeg: Uint8Array): number[] {
  const markers: number[] = [];
  let position = 2;
  while (position < jpeg.length) {
    expect(jpeg[position]).toBe(0xff);
    const marker = jpeg[position + 1];
    markers.push(marker);
    if (marker === 0xd9) break;
    position += 2 + ((jpeg[position + 2] << 8) | jpeg[position + 3]);
    if (marker === 0xda) {
      while (!(jpeg[position] === 0xff && jpeg[position + 1] !== 0x00 && (jpeg[position + 1] < 0xd0 || jpeg[position + 1] > 0xd7))) position++;
    }
  }
  return markers;
}

describe("stripImageMetadata for JPEG", () => {
  it.each([
    ["big-endian (MM)", false],
    ["little-endian (II)", true],
  ])("removes GPS, camera, XMP, IPTC and comments but keeps orientation 6 from %s EXIF", (_, littleEndian) => {
    const input = photoJpeg(littleEndian);
    expect(readJpegOrientation(input)).toBe(6);

    const output = stripImageMetadata(input, "image/jpeg");

    expect(Array.from(output.subarray(0, 2))).toEqual(SOI);
    expect(contains(output, bytes(gpsLatitudeRationals(littleEndian)))).toBe(false);
    expect(contains(output, "TestCam")).toBe(false);
    expect(contains(output, "GPSLatitude")).toBe(false);
    expect(contains(output, "Seriennummer")).toBe(false);
    expect(contains(output, "Bremen")).toBe(false);
    expect(contains(output, "MPF\0")).toBe(false);
    expect(readJpegOrientation(output)).toBe(6);
    // SOI, APP0, the rebuilt Exif, ICC profile, then the image segments unchanged.
    expect(jpegMarkers(output)).toEqual([0xe0, 0xe1, 0xe2, 0xdb, 0xc0, 0xc4, 0xda, 0xd9]);
    expect(contains(output, APP2_ICC)).toBe(true);
    expect(contains(output, bytes(SOS, SCAN_DATA, EOI))).toBe(true);
  });

  it("reads other orientations in both byte orders", () => {
    expect(readJpegOrientation(photoJpeg(false, 3))).toBe(3);
    expect(readJpegOrientation(photoJpeg(true, 8))).toBe(8);
    expect(readJpegOrientation(bytes(SOI, APP0_JFIF, DQT, SOF0, SOS, SCAN_DATA, EOI))).toBeNull();
  });

  it("adds no Exif segment when the photo is already upright", () => {
    const output = stripImageMetadata(photoJpeg(true, 1), "image/jpeg");
    expect(jpegMarkers(output)).toEqual([0xe0, 0xe2, 0xdb, 0xc0, 0xc4, 0xda, 0xd9]);
    expect(readJpegOrientation(output)).toBeNull();
  });

  it("places the rebuilt Exif right after SOI when there is no JFIF segment", () => {
    const output = stripImageMetadata(bytes(SOI, exifSegment(6, false), DQT, SOF0, SOS, SCAN_DATA, EOI), "image/jpeg");
    expect(jpegMarkers(output)).toEqual([0xe1, 0xdb, 0xc0, 0xda, 0xd9]);
    expect(readJpegOrientation(output)).toBe(6);
  });

  it("leaves a JPEG without metadata byte-identical apart from the removed segments", () => {
    const input = bytes(SOI, APP0_JFIF, COMMENT, APP14_ADOBE, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    const output = stripImageMetadata(input, "image/jpeg");
    expect(output).toEqual(bytes(SOI, APP0_JFIF, APP14_ADOBE, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI));
  });

  it("walks progressive scans and drops metadata between them and after EOI", () => {
    const input = bytes(SOI, APP0_JFIF, DQT, SOF0, SOS, SCAN_DATA, DHT, COMMENT, SOS, SCAN_DATA, EOI, exifSegment(6, false));
    const output = stripImageMetadata(input, "image/jpeg");
    expect(output).toEqual(bytes(SOI, APP0_JFIF, DQT, SOF0, SOS, SCAN_DATA, DHT, SOS, SCAN_DATA, EOI));
  });

  it.each([
    ["cut inside a segment", (jpeg: Uint8Array) => jpeg.subarray(0, 30)],
    ["cut inside the scan data", (jpeg: Uint8Array) => jpeg.subarray(0, jpeg.length - 3)],
    ["with a segment length beyond the file", () => bytes(SOI, [0xff, 0xdb, 0x7f, 0xff], [0, 1, 2])],
    ["with garbage where a marker belongs", (jpeg: Uint8Array) => bytes(jpeg.subarray(0, 2), [0x00, 0x11], jpeg.subarray(2))],
    ["without SOI", (jpeg: Uint8Array) => jpeg.subarray(2)],
  ])("throws InvalidImageError for a JPEG %s", (_, corrupt) => {
    expect(() => stripImageMetadata(corrupt(photoJpeg(false)), "image/jpeg")).toThrow(InvalidImageError);
  });
});

// ---------------------------------------------------------------------------
// PNG

const IHDR = pngChunk("IHDR", u32(1), u32(1), [8, 2, 0, 0, 0]);
const ICCP = pngChunk("iCCP", "sRGB\0", [0], [0x78, 0x9c, 0x03, 0x00]);
const IDAT = pngChunk("IDAT", [0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00]);
const IEND = pngChunk("IEND");

function parsePngChunkTypes(png: Uint8Array): string[] {
  expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  let position = 8;
  while (position < png.length) {
    const length = view.getUint32(position);
    const typeAndData = png.subarray(position + 4, position + 8 + length);
    expect(view.getUint32(position + 8 + length)).toBe(crc32(typeAndData));
    types.push(String.fromCharCode(...typeAndData.subarray(0, 4)));
    position += 12 + length;
  }
  expect(position).toBe(png.length);
  return types;
}

describe("stripImageMetadata for PNG", () => {
  const input = bytes(
    PNG_SIGNATURE,
    IHDR,
    ICCP,
    pngChunk("tEXt", "Comment\0Seriennummer 12345"),
    pngChunk("zTXt", "Author\0", [0], [0x78, 0x9c]),
    pngChunk("iTXt", "XML:com.adobe.xmp\0", [0, 0], "\0\0", XMP_PACKET),
    pngChunk("eXIf", exifTiff(6, false)),
    pngChunk("tIME", [0x07, 0xe8, 5, 17, 12, 0, 0]),
    IDAT,
    IEND,
  );

  it("drops text, XMP, EXIF and time chunks and keeps the image chunks with their CRCs", () => {
    const output = stripImageMetadata(input, "image/png");
    expect(parsePngChunkTypes(output)).toEqual(["IHDR", "iCCP", "IDAT", "IEND"]);
    expect(output).toEqual(bytes(PNG_SIGNATURE, IHDR, ICCP, IDAT, IEND));
    expect(contains(output, "Seriennummer")).toBe(false);
    expect(contains(output, "GPSLatitude")).toBe(false);
  });

  it("keeps APNG animation chunks and drops data after IEND", () => {
    const acTL = pngChunk("acTL", u32(1), u32(0));
    const fcTL = pngChunk("fcTL", u32(0), u32(1), u32(1), u32(0), u32(0), u16(1), u16(10), [0, 0]);
    const output = stripImageMetadata(bytes(PNG_SIGNATURE, IHDR, acTL, fcTL, IDAT, IEND, "GPS trailer"), "image/png");
    expect(output).toEqual(bytes(PNG_SIGNATURE, IHDR, acTL, fcTL, IDAT, IEND));
  });

  it.each([
    ["cut before IEND", input.subarray(0, input.length - IEND.length)],
    ["cut inside a chunk", input.subarray(0, 40)],
    ["with a chunk length beyond the file", bytes(PNG_SIGNATURE, IHDR, u32(0x7fffffff), "IDAT", [1, 2, 3])],
    ["not starting with IHDR", bytes(PNG_SIGNATURE, IDAT, IEND)],
  ])("throws InvalidImageError for a PNG %s", (_, corrupt) => {
    expect(() => stripImageMetadata(corrupt, "image/png")).toThrow(InvalidImageError);
  });
});

// ---------------------------------------------------------------------------
// WebP

const VP8X_FLAGS = { icc: 0x20, alpha: 0x10, exif: 0x08, xmp: 0x04 };
const vp8x = (flags: number) => riffChunk("VP8X", [flags, 0, 0, 0], [0, 0, 0], [0, 0, 0]);
const WEBP_ICCP = riffChunk("ICCP", "odd");
const VP8L = riffChunk("VP8L", [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11]);

function parseRiffChunks(file: Uint8Array): string[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  expect(view.getUint32(4, true)).toBe(file.length - 8);
  const fourCCs: string[] = [];
  let position = 12;
  while (position < file.length) {
    fourCCs.push(String.fromCharCode(...file.subarray(position, position + 4)));
    const size = view.getUint32(position + 4, true);
    position += 8 + size + (size % 2);
  }
  expect(position).toBe(file.length);
  return fourCCs;
}

describe("stripImageMetadata for WebP", () => {
  const input = webp(
    vp8x(VP8X_FLAGS.icc | VP8X_FLAGS.alpha | VP8X_FLAGS.exif | VP8X_FLAGS.xmp),
    WEBP_ICCP,
    VP8L,
    riffChunk("EXIF", exifTiff(6, true), [0x99]),
    riffChunk("XMP ", XMP_PACKET),
  );

  it("drops EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size", () => {
    const output = stripImageMetadata(input, "image/webp");
    expect(parseRiffChunks(output)).toEqual(["VP8X", "ICCP", "VP8L"]);
    expect(output[20]).toBe(VP8X_FLAGS.icc | VP8X_FLAGS.alpha);
    expect(output).toEqual(webp(vp8x(VP8X_FLAGS.icc | VP8X_FLAGS.alpha), WEBP_ICCP, VP8L));
    expect(contains(output, bytes(gpsLatitudeRationals(true)))).toBe(false);
    expect(contains(output, "GPSLatitude")).toBe(false);
  });

  it("leaves a simple lossless WebP unchanged", () => {
    const simple = webp(VP8L);
    expect(stripImageMetadata(simple, "image/webp")).toEqual(simple);
  });

  it.each([
    ["cut inside a chunk", input.subarray(0, 40)],
    ["whose chunk runs past the RIFF end", webp(vp8x(0), bytes("VP8L", u32(1000, true), [1, 2]))],
    ["with a VP8X chunk that is too short", webp(riffChunk("VP8X", [0x08, 0, 0, 0]), VP8L)],
    ["without an image chunk first", webp(riffChunk("EXIF", "x"), VP8L)],
  ])("throws InvalidImageError for a WebP %s", (_, corrupt) => {
    expect(() => stripImageMetadata(corrupt, "image/webp")).toThrow(InvalidImageError);
  });
});

// ---------------------------------------------------------------------------
// GIF

/** XMP as Adobe stores it: raw packet bytes followed by a "magic trailer" so sub-block readers skip it. */
function xmpApplicationExtension(): Uint8Array {
  const magicTrailer = [0x01, ...Array.from({ length: 256 }, (_, index) => 0xff - index), 0x00];
  return bytes([0x21, 0xff, 11], "XMP DataXMP", XMP_PACKET, magicTrailer);
}

const GIF_HEADER = bytes("GIF89a", u16(1, true), u16(1, true), [0x80, 0, 0], [0, 0, 0, 255, 255, 255]);
const NETSCAPE_LOOP = bytes([0x21, 0xff, 11], "NETSCAPE2.0", [3, 1, 0, 0, 0]);
const GRAPHIC_CONTROL = bytes([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
// The LZW data deliberately contains 0x21 0xFE and 0x3B, which must not be read as blocks.
const IMAGE = bytes([0x2c], u16(0, true), u16(0, true), u16(1, true), u16(1, true), [0x81], [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255], [2], subBlocks(bytes([0x21, 0xfe, 0x3b, 0x44, 0x01])));
const GIF_COMMENT = bytes([0x21, 0xfe], subBlocks(bytes("Seriennummer 12345")));
const EDITOR_EXTENSION = bytes([0x21, 0xff, 11], "EDITOR01.00", subBlocks(bytes("Lat 53.07")));

describe("stripImageMetadata for GIF", () => {
  const input = bytes(GIF_HEADER, NETSCAPE_LOOP, GIF_COMMENT, xmpApplicationExtension(), GRAPHIC_CONTROL, IMAGE, EDITOR_EXTENSION, GRAPHIC_CONTROL, IMAGE, [0x3b]);

  it("drops comments and application extensions except the looping one", () => {
    const output = stripImageMetadata(input, "image/gif");
    expect(output).toEqual(bytes(GIF_HEADER, NETSCAPE_LOOP, GRAPHIC_CONTROL, IMAGE, GRAPHIC_CONTROL, IMAGE, [0x3b]));
    expect(contains(output, "GPSLatitude")).toBe(false);
    expect(contains(output, "Seriennummer")).toBe(false);
  });

  it("handles a GIF87a without global colour table and keeps ANIMEXTS looping", () => {
    const header = bytes("GIF87a", u16(1, true), u16(1, true), [0x00, 0, 0]);
    const animExts = bytes([0x21, 0xff, 11], "ANIMEXTS1.0", [3, 1, 0, 0, 0]);
    const gif = bytes(header, animExts, IMAGE, [0x3b]);
    expect(stripImageMetadata(gif, "image/gif")).toEqual(gif);
  });

  it.each([
    ["cut inside the image data", input.subarray(0, input.length - 8)],
    ["without trailer", input.subarray(0, input.length - 1)],
    ["cut inside the colour table", GIF_HEADER.subarray(0, 15)],
    ["with an unknown block", bytes(GIF_HEADER, [0x99], IMAGE, [0x3b])],
  ])("throws InvalidImageError for a GIF %s", (_, corrupt) => {
    expect(() => stripImageMetadata(corrupt, "image/gif")).toThrow(InvalidImageError);
  });
});

// ---------------------------------------------------------------------------
// AVIF

function u64(value: number): number[] {
  return [...u32(Math.floor(value / 2 ** 32)), ...u32(value >>> 0)];
}

function box(type: string, ...content: Part[]): Uint8Array {
  const body = bytes(...content);
  return bytes(u32(body.length + 8), type, body);
}

function fullBox(type: string, version: number, ...content: Part[]): Uint8Array {
  return box(type, [version, 0, 0, 0], ...content);
}

function ftyp(majorBrand: string, ...compatibleBrands: string[]): Uint8Array {
  return box("ftyp", majorBrand, u32(0), ...compatibleBrands);
}

function uintOfSize(value: number, size: number): number[] {
  if (size === 0) return [];
  return size === 4 ? u32(value) : u64(value);
}

interface AvifLayout {
  ilocVersion: 0 | 1 | 2;
  offsetSize: 4 | 8;
  lengthSize: 4 | 8;
  baseOffsetSize: 0 | 4 | 8;
  indexSize: 0 | 4 | 8;
  exifConstructionMethod: number;
  /** Splits the Exif item into two extents. */
  splitExif: boolean;
  /** Writes the mdat size as a 64-bit largesize. */
  largeMdat: boolean;
}

const AV1_DATA = bytes("AV1-coded-pixels");
const AVIF_EXIF_PAYLOAD = bytes(u32(0), exifTiff(6, false));
const AVIF_XMP_PAYLOAD = bytes(XMP_PACKET);

/** ftyp + meta(hdlr, pitm, iinf, iloc) + mdat(image, Exif, XMP), with iloc in the requested layout. */
function buildAvif(layout: Partial<AvifLayout> = {}) {
  const { ilocVersion = 0, offsetSize = 4, lengthSize = 4, baseOffsetSize = 0, indexSize = 0, exifConstructionMethod = 0, splitExif = false, largeMdat = false } = layout;
  const idSize = ilocVersion === 2 ? 4 : 2;
  const itemId = (id: number) => (idSize === 4 ? u32(id) : u16(id));

  const build = (mdatContentStart: number) => {
    const base = baseOffsetSize === 0 ? 0 : mdatContentStart;
    const imageStart = mdatContentStart;
    const exifStart = imageStart + AV1_DATA.length;
    const xmpStart = exifStart + AVIF_EXIF_PAYLOAD.length;
    const exifHalf = Math.floor(AVIF_EXIF_PAYLOAD.length / 2);
    const exifExtents = splitExif
      ? [
          [exifStart, exifHalf],
          [exifStart + exifHalf, AVIF_EXIF_PAYLOAD.length - exifHalf],
        ]
      : [[exifStart, AVIF_EXIF_PAYLOAD.length]];
    const location = (id: number, constructionMethod: number, extents: number[][]) =>
      bytes(
        itemId(id),
        ilocVersion === 0 ? [] : u16(constructionMethod),
        u16(0),
        uintOfSize(base, baseOffsetSize),
        u16(extents.length),
        ...extents.map(([offset, length], index) => bytes(ilocVersion === 0 ? [] : uintOfSize(index + 1, indexSize), uintOfSize(offset - base, offsetSize), uintOfSize(length, lengthSize))),
      );
    const iloc = fullBox(
      "iloc",
      ilocVersion,
      [(offsetSize << 4) | lengthSize, (baseOffsetSize << 4) | (ilocVersion === 0 ? 0 : indexSize)],
      itemId(3),
      location(1, 0, [[imageStart, AV1_DATA.length]]),
      location(2, exifConstructionMethod, exifExtents),
      location(3, 0, [[xmpStart, AVIF_XMP_PAYLOAD.length]]),
    );
    const iinf = fullBox(
      "iinf",
      0,
      u16(3),
      fullBox("infe", 2, u16(1), u16(0), "av01", "Color\0"),
      fullBox("infe", 2, u16(2), u16(0), "Exif", "Exif\0"),
      fullBox("infe", 3, u32(3), u16(0), "mime", "XMP\0", "application/rdf+xml\0"),
    );
    const meta = fullBox("meta", 0, fullBox("hdlr", 0, u32(0), "pict", u32(0), u32(0), u32(0), "\0"), fullBox("pitm", 0, u16(1)), iinf, iloc);
    const mdatContent = bytes(AV1_DATA, AVIF_EXIF_PAYLOAD, AVIF_XMP_PAYLOAD);
    const mdat = largeMdat ? bytes(u32(1), "mdat", u64(mdatContent.length + 16), mdatContent) : box("mdat", mdatContent);
    return bytes(ftyp("avif", "mif1", "avif", "miaf"), meta, mdat);
  };
  // Box sizes do not depend on the offsets, so one dry run tells where mdat's content starts.
  const dryRun = build(0);
  const mdatContentStart = dryRun.length - AV1_DATA.length - AVIF_EXIF_PAYLOAD.length - AVIF_XMP_PAYLOAD.length;
  const file = build(mdatContentStart);
  const exifStart = mdatContentStart + AV1_DATA.length;
  return { file, exifStart, xmpStart: exifStart + AVIF_EXIF_PAYLOAD.length };
}

const EMPTY_EXIF_PAYLOAD = bytes(u32(0), "MM", u16(42), u32(8), u16(0), u32(0));

describe("stripImageMetadata for AVIF", () => {
  it("blanks top-level boxes a player does not read (a C2PA uuid box) without moving any offset", () => {
    const { file, exifStart } = buildAvif();
    const c2pa = box("uuid", [0xd8, 0xfe, 0xc3, 0xd6, 0x1b, 0x0e, 0x48, 0x3c, 0x92, 0x97, 0x58, 0x28, 0x87, 0x7e, 0xc4, 0x81], "c2pa manifest GEHEIM");
    const output = stripImageMetadata(bytes(file, c2pa), "image/avif");
    expect(output.length).toBe(file.length + c2pa.length);
    expect(contains(output, "GEHEIM")).toBe(false);
    expect(contains(output, "uuid")).toBe(false);
    expect(output.subarray(file.length + 4, file.length + 8)).toEqual(bytes("free"));
    expect(output.subarray(exifStart - AV1_DATA.length, exifStart)).toEqual(AV1_DATA);
  });

  it.each<[string, Partial<AvifLayout>]>([
    ["iloc version 0", {}],
    ["iloc version 1 with base offsets and 8-byte lengths", { ilocVersion: 1, baseOffsetSize: 4, lengthSize: 8 }],
    ["iloc version 2 with extent indices and 8-byte offsets", { ilocVersion: 2, offsetSize: 8, baseOffsetSize: 8, indexSize: 4 }],
    ["an Exif item split into two extents", { ilocVersion: 1, splitExif: true }],
    ["an mdat box with a 64-bit size", { largeMdat: true }],
  ])("erases the Exif and XMP items in place (%s)", (_, layout) => {
    const { file, exifStart, xmpStart } = buildAvif(layout);
    expect(file.subarray(exifStart, exifStart + AVIF_EXIF_PAYLOAD.length)).toEqual(AVIF_EXIF_PAYLOAD);

    const output = stripImageMetadata(file, "image/avif");

    expect(output.length).toBe(file.length);
    expect(contains(output, bytes(gpsLatitudeRationals(false)))).toBe(false);
    expect(contains(output, "TestCam")).toBe(false);
    expect(contains(output, "GPSLatitude")).toBe(false);
    // The Exif item stays a valid, empty Exif payload; XMP becomes zeros.
    const expectedExif = new Uint8Array(AVIF_EXIF_PAYLOAD.length);
    expectedExif.set(EMPTY_EXIF_PAYLOAD);
    expect(output.subarray(exifStart, xmpStart)).toEqual(expectedExif);
    expect(output.subarray(xmpStart, xmpStart + AVIF_XMP_PAYLOAD.length)).toEqual(new Uint8Array(AVIF_XMP_PAYLOAD.length));
    expect(output.subarray(0, exifStart)).toEqual(file.subarray(0, exifStart));
    expect(file.length).toBe(xmpStart + AVIF_XMP_PAYLOAD.length);
  });

  it("does not modify the input array", () => {
    const { file } = buildAvif();
    const copy = file.slice();
    stripImageMetadata(file, "image/avif");
    expect(file).toEqual(copy);
  });

  it("returns an identical copy when there is no metadata item", () => {
    const file = bytes(ftyp("avif", "mif1", "avif"), fullBox("meta", 0, fullBox("hdlr", 0, u32(0), "pict", u32(0), u32(0), u32(0), "\0")), box("mdat", AV1_DATA));
    expect(stripImageMetadata(file, "image/avif")).toEqual(file);
  });

  it("throws InvalidImageError when the Exif item lives in idat (construction method 1)", () => {
    const { file } = buildAvif({ ilocVersion: 1, exifConstructionMethod: 1 });
    expect(() => stripImageMetadata(file, "image/avif")).toThrow(InvalidImageError);
  });

  it("throws InvalidImageError for truncated AVIF files", () => {
    const { file, xmpStart } = buildAvif();
    expect(() => stripImageMetadata(file.subarray(0, xmpStart + 3), "image/avif")).toThrow(InvalidImageError);
    expect(() => stripImageMetadata(file.subarray(0, 100), "image/avif")).toThrow(InvalidImageError);
  });
});

// ---------------------------------------------------------------------------
// Sniffing

describe("sniffImageType", () => {
  it.each<[ImageType, Uint8Array]>([
    ["image/jpeg", photoJpeg(false)],
    ["image/png", bytes(PNG_SIGNATURE, IHDR, IDAT, IEND)],
    ["image/gif", bytes(GIF_HEADER, IMAGE, [0x3b])],
    ["image/webp", webp(VP8L)],
    ["image/avif", buildAvif().file],
    ["image/avif", bytes(ftyp("mif1", "miaf", "avis"), box("mdat"))],
  ])("recognises %s", (type, file) => {
    expect(sniffImageType(file)).toBe(type);
  });

  it.each([
    ["empty input", new Uint8Array(0)],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["SVG with XML declaration", bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["HTML", bytes("<!DOCTYPE html><html><body>GIF89a</body></html>")],
    ["PDF", bytes("%PDF-1.7\n%âãÏÓ\n")],
    ["plain text", bytes("Hallo Welt")],
    ["HEIC", bytes(ftyp("heic", "mif1", "heic"), box("mdat"))],
    ["HEIC whose minor version reads 'avif'", bytes(box("ftyp", "heic", "avif", "mif1"), box("mdat"))],
    ["WAV in a RIFF container", bytes("RIFF", u32(4, true), "WAVE")],
    ["a truncated PNG signature", bytes(PNG_SIGNATURE.slice(0, 4))],
    ["a truncated JPEG signature", bytes([0xff, 0xd8])],
    ["an ftyp box cut before its brands", ftyp("avif").subarray(0, 12)],
  ])("refuses %s", (_, file) => {
    expect(sniffImageType(file)).toBeNull();
  });
});
