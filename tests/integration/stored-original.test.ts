import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGINAL_MAX_EDGE } from "~/lib/image-sizes";
import { database } from "~/server/db/client.server";
import { readImageSize, readJpegOrientation, sniffImageType, stripImageMetadata } from "~/server/images/image-bytes.server";
import { saveReferences } from "~/server/entities/reference-uploads.server";
import { ACTOR, api, body, postPage, SAME_ORIGIN, site, staffCookie, staffToken, upload, uploadForm, pictureStorage } from "./helpers";
import { APP1_XMP, bytes, CAMERA_MAKE, contains, exifSegment, png, subBlocks, u16, XMP_MARKER } from "../fixtures/images";

interface Reference {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
}

/**
 * A phone photo as the camera writes it: 4032 × 3024 pixels as stored, EXIF orientation 6
 * (shown turned a quarter clockwise, so 3024 × 4032 upright), GPS position, camera make and XMP.
 * The pixels come from the Images binding, so the file really decodes.
 */
async function phonePhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const encoded = await env.IMAGE_TRANSFORMS.input(new Blob([png({ width: 400, height: 300, rgb: [130, 80, 45] })]).stream())
    .transform({ width: 4032 })
    .output({ format: "image/jpeg" });
  const jpeg = new Uint8Array(await encoded.response().arrayBuffer());
  expect(readImageSize(jpeg, "image/jpeg")).toEqual({ width: 4032, height: 3024 });
  return bytes(jpeg.subarray(0, 2), exifSegment(6), APP1_XMP, jpeg.subarray(2));
}

/** The stored original as the site serves it, checked to be a JPEG without any metadata. */
async function storedJpeg(reference: Reference): Promise<Uint8Array> {
  const response = await site(reference.url);
  expect(response.status).toBe(200);
  const stored = new Uint8Array(await response.arrayBuffer());
  expect(sniffImageType(stored)).toBe("image/jpeg");
  expect(contains(stored, "Exif\0\0")).toBe(false);
  expect(contains(stored, CAMERA_MAKE)).toBe(false);
  expect(contains(stored, XMP_MARKER)).toBe(false);
  return stored;
}

const UPRIGHT = { width: Math.round((3024 * ORIGINAL_MAX_EDGE) / 4032), height: ORIGINAL_MAX_EDGE };

const listed = async (token: string) => (await body<{ reference: Reference[] }>(await api("reference/get", { token }))).reference;

describe("the stored original", () => {
  it.each(["API", "plain form", "enhanced uploader"])(
    "through the %s: upright, at most 2560 px on its long edge, re-encoded without EXIF or GPS",
    async (path) => {
      const token = await staffToken();
      const photo = { name: "IMG_4711.jpg", bytes: await phonePhoto(), type: "image/jpeg" };
      if (path === "API") {
        expect((await upload(token, uploadForm([photo], { description: "Telefonfoto" }))).status).toBe(200);
      } else if (path === "plain form") {
        const form = uploadForm([photo]);
        form.append("intent", "upload");
        form.append("description", "Telefonfoto");
        const response = await postPage("/intern/uploadReference", form, { ...SAME_ORIGIN, Cookie: await staffCookie(token) });
        expect(response.headers.get("Location")).toMatch(/^\/intern\/uploadReference/);
      } else {
        const form = uploadForm([photo], { description: "Telefonfoto" });
        const response = await postPage("/intern/uploadReference/bild", form, { ...SAME_ORIGIN, Cookie: await staffCookie(token) });
        expect(response.status).toBe(201);
      }

      const [reference] = await listed(token);
      expect(reference).toMatchObject(UPRIGHT);
      const stored = await storedJpeg(reference);
      // Turned in its pixels (width and height swapped), with no orientation left to turn it again.
      expect(readImageSize(stored, "image/jpeg")).toEqual(UPRIGHT);
      expect(readJpegOrientation(stored)).toBeNull();
    },
  );

  it("keeps the byte-stripped upload when the Images binding fails, still upright by its orientation", async () => {
    const photo = await phonePhoto();
    const failing = {
      input: () => {
        throw new Error("IMAGES_TRANSFORM_ERROR 9422: monthly limit reached");
      },
    } as unknown as ImagesBinding;
    const [reference] = await saveReferences(database(env.DB), ACTOR, pictureStorage({ transforms: failing }), [
      { original: { name: "IMG_4712.jpg", bytes: photo }, metadata: { description: "", category: [] } },
    ]);
    expect(reference).toMatchObject({ width: 3024, height: 4032 });
    const stored = new Uint8Array(await (await site(reference.url)).arrayBuffer());
    expect(stored).toEqual(stripImageMetadata(photo, "image/jpeg"));
    expect(contains(stored, CAMERA_MAKE)).toBe(false);
    expect(readJpegOrientation(stored)).toBe(6);
  });

  it("leaves an animated GIF to the byte-level stripper, so it keeps its animation", async () => {
    let transformations = 0;
    const counting = {
      input: (...args: Parameters<ImagesBinding["input"]>) => {
        transformations += 1;
        return env.IMAGE_TRANSFORMS.input(...args);
      },
    } as unknown as ImagesBinding;
    // Two frames behind a NETSCAPE2.0 loop.
    const frame = bytes([0x21, 0xf9, 4, 0, 10, 0, 0, 0], [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], [2], subBlocks(bytes([0x44, 0x01])));
    const gif = bytes(
      "GIF89a",
      u16(1, true),
      u16(1, true),
      [0x80, 0, 0],
      [0, 0, 0, 255, 255, 255],
      [0x21, 0xff, 11],
      "NETSCAPE2.0",
      [3, 1, 0, 0, 0],
      frame,
      frame,
      [0x3b],
    );
    const [reference] = await saveReferences(database(env.DB), ACTOR, pictureStorage({ transforms: counting }), [
      { original: { name: "blinker.gif", bytes: gif }, metadata: { description: "", category: [] } },
    ]);
    expect(transformations).toBe(0);
    expect(new Uint8Array(await (await site(reference.url)).arrayBuffer())).toEqual(stripImageMetadata(gif, "image/gif"));
  });
});
