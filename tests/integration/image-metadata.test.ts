import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readJpegOrientation } from "~/server/images/image-bytes.server";
import { body, site, staffToken, upload, uploadForm, type UploadFile } from "./helpers";
import {
  CAMERA_MAKE,
  contains,
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

    expect(pngChunkTypes(stored)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(stored).toEqual(png());
    expect(contains(stored, "Seriennummer")).toBe(false);
    expect(contains(stored, XMP_MARKER)).toBe(false);
    expect(contains(stored, gpsLatitudeRationals())).toBe(false);
  });
});
