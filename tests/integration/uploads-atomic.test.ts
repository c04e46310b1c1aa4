import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HttpError } from "~/server/base/errors.server";
import { type NewReference, saveReferences } from "~/server/entities/reference-uploads.server";
import { listReferences } from "~/server/entities/references.server";
import { ACTOR, api, body, bucketKeys, db, expectError, rowCount, staffToken, upload, uploadForm, pictureStorage } from "./helpers";
import { png } from "../fixtures/images";

const FAILED = "Die Bilder konnten nicht gespeichert werden. Es wurde nichts übernommen.";

async function expectNothingStored() {
  expect(await bucketKeys()).toEqual([]);
  expect(await rowCount("references")).toBe(0);
  expect(await rowCount("reference_categories")).toBe(0);
  expect(await rowCount("categories")).toBe(0);
  expect(await body(await api("reference/get"))).toEqual({ reference: [], total: 0 });
}

const files = ["a.png", "b.png", "c.png"].map((name, index) => ({
  name,
  bytes: png({ rgb: [index * 80, 50, 50] }),
  type: "image/png",
}));
const metadata = files.map(({ name }) => ({ filename: name, description: `Bild ${name}`, category: ["Autositze", name] }));

describe("all or nothing under an injected D1 failure", () => {
  it("stores nothing when the insert of the second record aborts", async () => {
    const token = await staffToken();
    await env.DB.prepare(
      `CREATE TRIGGER fail_second BEFORE INSERT ON "references" WHEN NEW.filename = 'b.png' BEGIN SELECT RAISE(ABORT, 'test'); END`,
    ).run();

    await expectError(await upload(token, uploadForm(files, metadata)), 503, FAILED);
    await expectNothingStored();
  });

  it("stores nothing when linking the last file's category aborts", async () => {
    const token = await staffToken();
    await env.DB.prepare(
      `CREATE TRIGGER fail_link BEFORE INSERT ON reference_categories
       WHEN (SELECT name FROM categories WHERE id = NEW.category_id) = 'c.png'
       BEGIN SELECT RAISE(ABORT, 'test'); END`,
    ).run();

    await expectError(await upload(token, uploadForm(files, metadata)), 503, FAILED);
    await expectNothingStored();
  });

  it("stores everything once the fault is gone", async () => {
    const token = await staffToken();
    const response = await upload(token, uploadForm(files, metadata));
    expect(response.status).toBe(200);
    expect(await bucketKeys()).toHaveLength(3);
    expect(await rowCount("references")).toBe(3);
    expect(await rowCount("reference_categories")).toBe(6);
  });
});

describe("all or nothing under an injected R2 failure", () => {
  const uploads: NewReference[] = files.map(({ name, bytes }) => ({
    original: { name, bytes },
    metadata: { description: `Bild ${name}`, category: ["Lenkräder"] },
  }));

  /** The real bucket, except that one write fails as a lost connection would. */
  function bucketFailingOnPut(failingPut: number): R2Bucket {
    let puts = 0;
    return {
      put: async (...args: Parameters<R2Bucket["put"]>) => {
        if (++puts === failingPut) throw new Error("R2: Verbindung verloren");
        return env.IMAGES.put(...args);
      },
      delete: (keys: string | string[]) => env.IMAGES.delete(keys),
    } as unknown as R2Bucket;
  }

  it.each([1, 2, 3])("removes the objects already written when write %i fails", async (failingPut) => {
    const error = await saveReferences(db(), ACTOR, pictureStorage({ bucket: bucketFailingOnPut(failingPut) }), uploads).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: FAILED });
    await expectNothingStored();
  });

  it("stores all three through the same path when R2 works", async () => {
    await saveReferences(db(), ACTOR, pictureStorage({ bucket: bucketFailingOnPut(0) }), uploads);
    expect(await bucketKeys()).toHaveLength(3);
    expect((await listReferences(db(), { startAt: 0, limit: 10 })).total).toBe(3);
  });
});
