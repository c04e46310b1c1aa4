import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, closeContexts, openPage, workerChromium } from "./browser";
import { drawnImage } from "./fixtures/images";
import { storedReferences, unique, UPLOAD_PAGE } from "./fixtures/upload-page";

let browser: Browser;
let jpeg: Buffer;
beforeAll(async () => {
  browser = await workerChromium();
  jpeg = await drawnImage(await openPage(browser), { width: 80, height: 60, type: "image/jpeg" });
});
afterAll(async () => {
  await closeContexts(browser);
});

/** A staff form posted by someone without a session (or with a made-up one). */
async function post(path: string, body: FormData, cookie?: string) {
  return fetch(`${baseURL()}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
}

function uploadBody(description: string) {
  const body = new FormData();
  body.append("intent", "upload");
  body.append("images", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "fremd.jpg");
  body.append("description", description);
  body.append("metadata", JSON.stringify({ description }));
  return body;
}

describe("reference images without a session", () => {
  it("sends visitors of the page to the home page", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage(browser, { javaScriptEnabled });
      await page.goto(`${UPLOAD_PAGE}?seite=2&bearbeiten=irgendwas`);
      expect(new URL(page.url()).pathname).toBe("/");
    }
  });

  it("stores, changes and deletes nothing", async () => {
    // An image of this test's own, stored by the API as a staff member.
    const original = unique("Bestand");
    const saved = await fetch(`${baseURL()}/api/v1/reference/save`, {
      method: "POST",
      headers: { token: await apiToken() },
      body: uploadBody(original),
    });
    expect(saved.status).toBe(200);
    const before = await storedReferences();
    const victim = before.reference.find((reference) => reference.description === original)!;
    const description = unique("Ohne Sitzung");
    const forged = "sitzung=erfunden";

    for (const cookie of [undefined, forged]) {
      for (const path of [UPLOAD_PAGE, `${UPLOAD_PAGE}/bild`]) {
        const response = await post(path, uploadBody(description), cookie);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toMatch(/^\/intern\/login\?abgelaufen=1/);
      }
      const update = new FormData();
      update.append("intent", "update");
      update.append("id", victim.id);
      update.append("description", description);
      const remove = new FormData();
      remove.append("intent", "delete");
      remove.append("id", victim.id);
      for (const body of [update, remove]) expect((await post(UPLOAD_PAGE, body, cookie)).status).toBe(302);
    }

    const after = await storedReferences();
    expect(after.total).toBe(before.total);
    // The records as staff wrote them; the server's renditions may still arrive meanwhile.
    const records = ({ reference }: typeof before) =>
      reference.map(({ id, url, description, category }) => ({ id, url, description, category }));
    expect(records(after)).toEqual(records(before));
    expect(after.reference.some((reference) => reference.description === description)).toBe(false);
  });
});
