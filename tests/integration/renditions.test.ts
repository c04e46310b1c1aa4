import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "~/server/db/client.server";
import { readImageSize, sniffImageType } from "~/server/images/image-bytes.server";
import { saveReferences } from "~/server/entities/reference-uploads.server";
import { makeMissingRenditions } from "~/server/images/renditions.server";
import worker from "../../server";
import { ACTOR, allBucketKeys, api, body, postPage, SAME_ORIGIN, site, staffCookie, staffToken, upload, uploadForm, pictureStorage } from "./helpers";
import { png } from "../fixtures/images";

interface Reference {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
  sources: { type: string; srcSet: string }[];
}

const renditionWidths = async (id: string) =>
  (await env.DB.prepare("select rendition_widths as widths from \"references\" where id = ?").bind(id).first<{ widths: string | null }>())
    ?.widths ?? null;

/** Every rendition of the listing, fetched through the site, checked by its bytes: format and width. */
async function expectRenditions(reference: Reference, widths: number[]) {
  expect(reference.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
  for (const source of reference.sources) {
    const candidates = source.srcSet.split(", ").map((candidate) => candidate.split(" "));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(widths.map((width) => `${width}w`));
    for (const [url, descriptor] of candidates) {
      const response = await site(url);
      expect(response.status, url).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(sniffImageType(bytes), url).toBe(source.type);
      expect(readImageSize(bytes, source.type as "image/avif").width, url).toBe(Number.parseInt(descriptor));
    }
  }
}

const listed = async (token: string) => (await body<{ reference: Reference[] }>(await api("reference/get", { token }))).reference;

describe("server renditions", () => {
  it("are made for every file of an API upload after it has answered, at true widths, never enlarged", async () => {
    const token = await staffToken();
    const response = await upload(
      token,
      uploadForm(
        [
          { name: "sitz.png", bytes: png({ width: 1000, height: 600, rgb: [120, 70, 40] }) },
          { name: "naht.png", bytes: png({ width: 300, height: 200 }) },
        ],
        { description: "Zwei auf einmal" },
      ),
    );
    expect(response.status).toBe(200);
    const saved = (await body<{ reference: Reference[] }>(response)).reference.sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
    // The answer carries the size, so pages can reserve the space before renditions exist.
    expect(saved.map(({ width, height }) => [width, height])).toEqual([[1000, 600], [300, 200]]);

    await expect.poll(async () => Promise.all(saved.map(({ id }) => renditionWidths(id))), { timeout: 20_000 }).toEqual(["480,960,1000", "300"]);
    const byId = Object.fromEntries((await listed(token)).map((reference) => [reference.id, reference]));
    await expectRenditions(byId[saved[0].id], [480, 960, 1000]);
    await expectRenditions(byId[saved[1].id], [300]);
    expect(await allBucketKeys()).toHaveLength(2 + 3 * 4);
  });

  it("are the same for the API, the plain staff form and the enhanced uploader", async () => {
    const token = await staffToken();
    const cookie = await staffCookie(token);
    const picture = (name: string) => ({ name, bytes: png({ width: 700, height: 400, rgb: [90, 60, 30] }) });
    expect((await upload(token, uploadForm([picture("api.png")], { description: "API" }))).status).toBe(200);
    const plain = uploadForm([picture("formular.png")]);
    plain.append("intent", "upload");
    plain.append("description", "Formular ohne JavaScript");
    const redirect = await postPage("/intern/uploadReference", plain, { ...SAME_ORIGIN, Cookie: cookie });
    // Post/Redirect/Get back to the list (not to the login page).
    expect(redirect.headers.get("Location")).toMatch(/^\/intern\/uploadReference/);
    const enhanced = uploadForm([picture("uploader.png")], { description: "Uploader" });
    expect((await postPage("/intern/uploadReference/bild", enhanced, { ...SAME_ORIGIN, Cookie: cookie })).status).toBe(201);

    const stored = await listed(token);
    expect(stored).toHaveLength(3);
    await expect.poll(async () => Promise.all(stored.map(({ id }) => renditionWidths(id))), { timeout: 20_000 }).toEqual([
      "480,700",
      "480,700",
      "480,700",
    ]);
    for (const reference of await listed(token)) await expectRenditions(reference, [480, 700]);
  });

  it("deleting a reference for good removes its original and every rendition", async () => {
    const token = await staffToken();
    const [saved] = (await body<{ reference: Reference[] }>(await upload(token, uploadForm([{ name: "weg.png", bytes: png({ width: 600, height: 400 }) }])))).reference;
    await expect.poll(() => renditionWidths(saved.id), { timeout: 20_000 }).toBe("480,600");
    expect(await allBucketKeys()).toHaveLength(1 + 3 * 2);

    expect((await api("reference/delete", { method: "POST", token, json: { id: saved.id } })).status).toBe(200);
    // In the Papierkorb its files stay (decision 016); "Endgültig löschen" takes them all.
    expect(await allBucketKeys()).toHaveLength(1 + 3 * 2);
    expect((await api("trash/delete", { method: "POST", token, json: { id: saved.id } })).status).toBe(200);
    expect(await allBucketKeys()).toEqual([]);
  });

  it("a failing Images binding leaves a usable reference, and the scheduled run completes it later", async () => {
    const db = database(env.DB);
    const [saved] = await saveReferences(db, ACTOR, pictureStorage(), [
      { original: { name: "limit.png", bytes: png({ width: 800, height: 500 }) }, metadata: { description: "", category: [] } },
    ]);
    // What the free plan answers past its monthly transformations.
    const atLimit = {
      input: () => {
        throw new Error("IMAGES_TRANSFORM_ERROR 9422: monthly limit reached");
      },
    } as unknown as ImagesBinding;
    expect(await makeMissingRenditions(db, env.IMAGES, atLimit)).toEqual({ made: [], failed: [saved.id] });

    expect(await renditionWidths(saved.id)).toBeNull();
    const [shown] = await listed(await staffToken());
    expect(shown).toMatchObject({ id: saved.id, width: 800, height: 500, sources: [] });
    expect((await site(shown.url)).status).toBe(200);
    expect(await allBucketKeys()).toEqual([shown.url.slice("/images/".length)]);

    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 2 * * *" }), env);
    expect(await renditionWidths(saved.id)).toBe("480,800");
    await expectRenditions((await listed(await staffToken()))[0], [480, 800]);

    // Idempotent: nothing is missing any more, so nothing is made again.
    expect(await makeMissingRenditions(db, env.IMAGES, atLimit)).toEqual({ made: [], failed: [] });
  });

  it("keeps a picture off the public pages until its renditions exist, and shows staff that it is being prepared", async () => {
    const db = database(env.DB);
    const [saved] = await saveReferences(db, ACTOR, pictureStorage(), [
      { original: { name: "neu.png", bytes: png({ width: 900, height: 600 }) }, metadata: { description: "Frisch bezogen", category: ["Sitze"] } },
    ]);
    const cookie = await staffCookie();
    const staffList = async () => (await site("/intern/uploadReference", { headers: { Cookie: cookie } })).text();
    const publicPages = async () => [await (await site("/referenz")).text(), await (await site("/")).text()].join("");

    expect(await staffList()).toContain("wird vorbereitet");
    expect(await publicPages()).not.toContain(saved.id);
    expect(await publicPages()).not.toContain("Frisch bezogen");

    // The daily run makes them (as the upload's own attempt would), which outdates the cached pages.
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 2 * * *" }), env);
    expect(await renditionWidths(saved.id)).toBe("480,900");
    expect(await staffList()).not.toContain("wird vorbereitet");
    const pages = await publicPages();
    expect(pages).toContain("Frisch bezogen");
    expect(pages).toContain(`${saved.id}-w480.avif`);
    // Offered by its renditions, never as the original.
    expect(pages).not.toMatch(new RegExp(`(src|srcSet)="[^"]*${saved.id}\\.png`, "i"));
  });
});
