import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readImageSize, readJpegOrientation } from "~/server/images/image-bytes.server";
import { body, site, staffToken, upload, uploadForm, type UploadFile } from "./helpers";
import {
  APP0_JFIF,
  bytes,
  CAMERA_MAKE,
  contains,
  DHT,
  DQT,
  EOI,
  jpegSegment,
  riffChunk,
  SCAN_DATA,
  SOF0,
  SOI,
  SOS,
  subBlocks,
  u16,
  webp,
  exifTiff,
  gpsLatitudeRationals,
  photoJpeg,
  png,
  pngChunk,
  pngChunkTypes,
  XMP_MARKER,
} from "../fixtures/images";

/** Uploads one file and returns the bytes as the image route serves them and as R2 holds them. */
async function uploadAndFetch(file: UploadFile) {
  const token = await staffToken();
  const response = await upload(token, uploadForm([file], { description: "Foto vom Handy" }));
  expect(response.status).toBe(200);
  const { reference } = await body<{ reference: { url: string }[] }>(response);
  const served = new Uint8Array(await (await site(reference[0].url)).arrayBuffer());
  const stored = await env.IMAGES.get(reference[0].url.slice("/images/".length));
  expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(served);
  return served;
}

describe("location and camera metadata never reach storage", () => {
  it("removes EXIF GPS, the camera make and XMP from a JPEG and keeps it upright", async () => {
    const original = photoJpeg({ orientation: 6 });
    expect(contains(original, gpsLatitudeRationals())).toBe(true);
    expect(contains(original, CAMERA_MAKE)).toBe(true);

    const stored = await uploadAndFetch({ name: "handy.jpg", bytes: original, type: "image/jpeg" });

    expect(Array.from(stored.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
    expect(contains(stored, gpsLatitudeRationals())).toBe(false);
    expect(contains(stored, CAMERA_MAKE)).toBe(false);
    expect(contains(stored, XMP_MARKER)).toBe(false);
    expect(contains(stored, "http://ns.adobe.com/xap/1.0/")).toBe(false);
    expect(readJpegOrientation(stored)).toBe(6);
  });

  it("removes tEXt, iTXt (XMP) and eXIf chunks from a PNG and keeps the pixels", async () => {
    const original = png({
      metadata: [
        pngChunk("tEXt", "Comment\0Seriennummer 12345"),
        pngChunk("iTXt", "XML:com.adobe.xmp\0", [0, 0], "\0\0", `<${XMP_MARKER}>48,8.502N</${XMP_MARKER}>`),
        pngChunk("eXIf", exifTiff()),
      ],
    });

    const stored = await uploadAndFetch({ name: "scan.png", bytes: original, type: "image/png" });

    // Re-encoded by the Images binding (decision 011): nothing but the pixels, at their size.
    expect(pngChunkTypes(stored)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(readImageSize(stored, "image/png")).toEqual({ width: 2, height: 2 });
    expect(contains(stored, "Seriennummer")).toBe(false);
    expect(contains(stored, XMP_MARKER)).toBe(false);
    expect(contains(stored, gpsLatitudeRationals())).toBe(false);
  });
});

/** Marks every hidden payload below; none of it may reach storage. */
const SECRET = "GEHEIM-Kundin-Mustermann";

/** The segment markers of a JPEG up to its first scan. */
function jpegMarkersBeforeScan(jpeg: Uint8Array): number[] {
  const markers: number[] = [];
  for (let position = 2; position < jpeg.length && jpeg[position + 1] !== 0xda; ) {
    markers.push(jpeg[position + 1]);
    position += 2 + ((jpeg[position + 2] << 8) | jpeg[position + 3]);
  }
  return markers;
}

describe("no hidden data survives in any accepted format", () => {
  it("JPEG: JFIF thumbnail, JFXX APP0, APP11 (C2PA/JUMBF), non-APP markers, comments and trailing bytes", async () => {
    const jfifWithThumbnail = jpegSegment(0xe0, "JFIF\0", [1, 1, 0, 0, 1, 0, 1], [1, 1], SECRET.slice(0, 3));
    const original = bytes(
      SOI,
      jfifWithThumbnail,
      jpegSegment(0xe0, "JFXX\0", [0x10], SECRET),
      jpegSegment(0xeb, "JP", [0, 0], "jumb", "c2pa", SECRET),
      jpegSegment(0xe2, "ICC_PROFILE\0", [1, 1], "Farbprofil"),
      jpegSegment(0xee, "Adobe", [0, 100, 0, 0, 0, 0, 1], SECRET),
      jpegSegment(0xf0, SECRET),
      jpegSegment(0xfe, SECRET),
      DQT,
      SOF0,
      DHT,
      SOS,
      SCAN_DATA,
      EOI,
      SECRET,
    );

    const stored = await uploadAndFetch({ name: "c2pa.jpg", bytes: original, type: "image/jpeg" });

    expect(contains(stored, SECRET)).toBe(false);
    expect(contains(stored, SECRET.slice(0, 3))).toBe(false);
    expect(contains(stored, "c2pa")).toBe(false);
    expect(jpegMarkersBeforeScan(stored)).toEqual([0xe0, 0xe2, 0xee, 0xdb, 0xc0, 0xc4]);
    expect(contains(stored, APP0_JFIF)).toBe(true);
    expect(contains(stored, "Farbprofil")).toBe(true);
  });

  it("PNG: C2PA (caBX), private and unknown chunks", async () => {
    const iccp = pngChunk("iCCP", "Farbprofil\0", [0], [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    const original = png({
      metadata: [iccp, pngChunk("caBX", "jumb", "c2pa", SECRET), pngChunk("prVt", SECRET), pngChunk("hIST", SECRET), pngChunk("tIME", [7, 234, 1, 1, 0, 0, 0])],
    });

    const stored = await uploadAndFetch({ name: "c2pa.png", bytes: original, type: "image/png" });

    // Re-encoded by the Images binding (decision 011), which turns the colours into sRGB; the byte-level
    // stripper, used when the binding cannot, keeps the profile (image-bytes.server.test.ts).
    expect(pngChunkTypes(stored).filter((type) => !["IHDR", "iCCP", "sRGB", "gAMA", "cHRM", "IDAT", "IEND"].includes(type))).toEqual([]);
    expect(contains(stored, SECRET)).toBe(false);
  });

  it("WebP: the C2PA chunk, unknown chunks and bytes after the RIFF end", async () => {
    const vp8l = riffChunk("VP8L", [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11]);
    const vp8x = riffChunk("VP8X", [0x20, 0, 0, 0], [0, 0, 0], [0, 0, 0]);
    const iccp = riffChunk("ICCP", "Farbprofil");
    const original = bytes(webp(vp8x, iccp, vp8l, riffChunk("C2PA", "jumb", SECRET), riffChunk("XYZW", SECRET)), SECRET);

    const stored = await uploadAndFetch({ name: "c2pa.webp", bytes: original, type: "image/webp" });

    expect(contains(stored, SECRET)).toBe(false);
    expect(stored).toEqual(webp(vp8x, iccp, vp8l));
  });

  it("GIF: plain-text extensions, comments and foreign application extensions", async () => {
    const header = bytes("GIF89a", u16(1, true), u16(1, true), [0x80, 0, 0], [0, 0, 0, 255, 255, 255]);
    const graphicControl = bytes([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
    const image = bytes([0x2c], u16(0, true), u16(0, true), u16(1, true), u16(1, true), [0], [2], subBlocks(bytes([0x44, 0x01])));
    const plainText = bytes([0x21, 0x01, 12], u16(0, true), u16(0, true), u16(8, true), u16(8, true), [8, 8, 1, 0], subBlocks(bytes(SECRET)));
    const comment = bytes([0x21, 0xfe], subBlocks(bytes(SECRET)));
    const foreign = bytes([0x21, 0xff, 11], "C2PA_GIF1.0", subBlocks(bytes(SECRET)));
    const original = bytes(header, plainText, comment, foreign, graphicControl, image, [0x3b], SECRET);

    const stored = await uploadAndFetch({ name: "c2pa.gif", bytes: original, type: "image/gif" });

    expect(contains(stored, SECRET)).toBe(false);
    expect(stored).toEqual(bytes(header, graphicControl, image, [0x3b]));
  });
});
