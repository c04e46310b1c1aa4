import { createScheduledController, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORPHAN_MIN_AGE_MS } from "~/server/worker/maintenance.server";
import worker from "../../server";
import { api, body, bucketKeys, rowCount, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

/** Runs the worker entry's scheduled handler as the cron trigger would, at `scheduledTime`. */
async function runCron(scheduledTime: number) {
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "17 2 * * *" }), env);
}

async function storedReference(token: string, name: string) {
  const response = await upload(token, uploadForm([{ name, bytes: png(), type: "image/png" }], { description: name }));
  const [reference] = (await body<{ reference: { id: string; url: string }[] }>(response)).reference;
  return { id: reference.id, key: reference.url.slice("/images/".length) };
}

const HOUR = 60 * 60 * 1000;

describe("the scheduled clean-up", () => {
  it("removes objects without a record once they are older than a day, and keeps fresh ones and those in use", async () => {
    const token = await staffToken();
    const kept = await storedReference(token, "behalten.png");
    // What a worker stopped between its R2 puts and the D1 batch leaves behind.
    const orphan = "references/0b7c2f1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b.png";
    await env.IMAGES.put(orphan, png());

    await runCron(Date.now());
    expect(await bucketKeys()).toEqual([kept.key, orphan].sort());

    await runCron(Date.now() + ORPHAN_MIN_AGE_MS - HOUR);
    expect(await bucketKeys()).toEqual([kept.key, orphan].sort());

    await runCron(Date.now() + ORPHAN_MIN_AGE_MS + HOUR);
    expect(await bucketKeys()).toEqual([kept.key]);
    expect(await rowCount("references")).toBe(1);
    expect((await fetchImage(kept.key)).status).toBe(200);
  });

  it("finishes a delete whose files R2 did not remove, however fresh", async () => {
    const token = await staffToken();
    const gone = await storedReference(token, "weg.png");
    const kept = await storedReference(token, "bleibt.png");
    // The D1 half of deleteReference happened, the R2 half did not.
    await env.DB.batch([
      env.DB.prepare("delete from reference_categories where reference_id = ?").bind(gone.id),
      env.DB.prepare('delete from "references" where id = ?').bind(gone.id),
      env.DB.prepare("insert into image_deletions (key, requested_at) values (?, ?)").bind(gone.key, Date.now()),
    ]);
    expect(await bucketKeys()).toContain(gone.key);

    await runCron(Date.now());
    expect(await bucketKeys()).toEqual([kept.key]);
    expect(await rowCount("image_deletions")).toBe(0);
  });

  it("leaves nothing to finish after an ordinary delete, emptied from the Papierkorb", async () => {
    const token = await staffToken();
    const { id } = await storedReference(token, "normal.png");
    expect((await api("reference/delete", { token, json: { id } })).status).toBe(200);
    expect((await api("trash/delete", { token, json: { id } })).status).toBe(200);
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount("image_deletions")).toBe(0);
  });
});

function fetchImage(key: string) {
  return SELF.fetch(`https://werkstatt.test/images/${key}`);
}
