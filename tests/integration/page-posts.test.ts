import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES } from "~/server/base/request-body.server";
import { FOREIGN_POST_MESSAGE } from "~/server/worker/security.server";
import { BASE, bucketKeys, postPage, rowCount, SAME_ORIGIN, site, staffCookie, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

/** Chromium's headers for a form on a sibling subdomain whose page sends `Referrer-Policy: no-referrer`. */
const SIBLING_NO_REFERRER = { Origin: "null", "Sec-Fetch-Site": "same-site" };

async function expectSessionLives(cookie: string) {
  const page = await site("/intern/news", { headers: { Cookie: cookie }, redirect: "manual" });
  expect(page.status).toBe(200);
  await page.arrayBuffer();
}

async function expectForeignRefusal(response: Response) {
  expect(response.status).toBe(403);
  expect(response.headers.has("Set-Cookie")).toBe(false);
  expect(await response.text()).toBe(FOREIGN_POST_MESSAGE);
}

describe("forged form posts", () => {
  it("refuses an upload with Origin: null from a sibling subdomain: nothing stored, the session lives on", async () => {
    const cookie = await staffCookie();
    const form = uploadForm([{ name: "fremd.png", bytes: png(), type: "image/png" }], { description: "Untergeschoben" });
    await expectForeignRefusal(await postPage("/intern/uploadReference/bild", form, { ...SIBLING_NO_REFERRER, Cookie: cookie }));
    expect(await rowCount("references")).toBe(0);
    expect(await bucketKeys()).toEqual([]);
    await expectSessionLives(cookie);
  });

  it("refuses a forged logout, so the session lives on", async () => {
    const cookie = await staffCookie();
    await expectForeignRefusal(await postPage("/intern/logout", null, { ...SIBLING_NO_REFERRER, Cookie: cookie }));
    await expectSessionLives(cookie);
  });

  it.each([
    ["Origin: null alone", { Origin: "null" }],
    ["Origin: null with same-site", SIBLING_NO_REFERRER],
    ["Sec-Fetch-Site: same-site with this site's Origin", { Origin: BASE, "Sec-Fetch-Site": "same-site" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["a foreign Origin with Sec-Fetch-Site: same-origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
  ])("refuses staff and preference forms with %s before any route runs", async (_, headers) => {
    const cookie = await staffCookie();
    const withCookie = { ...headers, Host: "werkstatt.test", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    for (const [path, fields] of [
      ["/intern/news", { intent: "create", title: "Fremd", text: "Untergeschoben" }],
      ["/intern/notification", { intent: "create", title: "Fremd", text: "x", fromDate: "2026-01-01T10:00", toDate: "2026-01-02T10:00" }],
      ["/intern/opening", { intent: "save", monday: "zu" }],
      ["/intern/uploadReference", { intent: "delete", id: "x" }],
      ["/einstellungen/design", { theme: "light" }],
      ["/einstellungen/cookies", { wahl: "alle" }],
    ] as const) {
      const response = await postPage(path, new URLSearchParams(fields), withCookie);
      expect(response.status, path).toBe(403);
      expect(response.headers.has("Set-Cookie"), path).toBe(false);
      await response.arrayBuffer();
    }
    expect(await rowCount("news")).toBe(0);
    expect(await rowCount("alerts")).toBe(0);
    expect(await rowCount("opening_hours")).toBe(0);
    await expectSessionLives(cookie);
  });

  it("accepts this site's own forms, also typed-in (Sec-Fetch-Site: none) and from clients that send neither header", async () => {
    const cookie = await staffCookie();
    const created = await postPage("/intern/news", new URLSearchParams({ intent: "create", title: "Eigene", text: "Seite" }), {
      ...SAME_ORIGIN,
      Cookie: cookie,
    });
    expect(created.status).toBe(302);
    expect(await rowCount("news")).toBe(1);
    for (const headers of [{ "Sec-Fetch-Site": "none" }, {}] as Record<string, string>[]) {
      const response = await postPage("/einstellungen/design", new URLSearchParams({ theme: "light" }), headers);
      expect(response.status).toBe(303);
      expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light/);
    }
  });
});

/** A German `{error}` answer with a client status, as every refused page body gets. */
async function expectGermanError(response: Response, status: number, label: string) {
  expect(response.status, label).toBe(status);
  const json = (await response.json()) as { error: string };
  expect(Object.keys(json), label).toEqual(["error"]);
  expect(json.error, label).toMatch(/Formular|Anfrage/);
  expect(json.error, label).not.toMatch(/\bat\s+\S+:\d+/);
}

/** Many chunks, without a declared length: the worker must stop reading on its own. */
function endlessForm(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`theme=${"a".repeat(64 * 1024)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= 1024) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

describe("page bodies", () => {
  it("refuses an oversized text form with 413 before parsing, without logging in", async () => {
    const declared = await postPage("/einstellungen/design", new URLSearchParams({ theme: "x".repeat(MAX_FORM_BYTES) }), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    await expectGermanError(declared, 413, "Content-Length");
    const streamed = await postPage("/einstellungen/design", endlessForm(), { "Content-Type": "application/x-www-form-urlencoded" });
    await expectGermanError(streamed, 413, "ohne Länge");
    expect(streamed.headers.has("Set-Cookie")).toBe(false);
  });

  it("answers bodies that are no form with 415, broken forms with 400, and writes nothing", async () => {
    const cookie = await staffCookie();
    const cases: [string, BodyInit | null, Record<string, string>, number][] = [
      ["JSON", JSON.stringify({ intent: "create", title: "t", text: "t" }), { "Content-Type": "application/json" }, 415],
      ["text/plain", "intent=create&title=t&text=t", { "Content-Type": "text/plain" }, 415],
      ["broken multipart", "--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\ncreate", { "Content-Type": "multipart/form-data; boundary=x" }, 400],
      ["multipart without boundary", "intent=create", { "Content-Type": "multipart/form-data" }, 400],
    ];
    for (const path of ["/intern/news", "/intern/notification", "/intern/opening", "/intern/login", "/intern/logout", "/einstellungen/design", "/einstellungen/cookies"]) {
      for (const [label, body, headers, status] of cases) {
        const response = await postPage(path, body, { ...SAME_ORIGIN, ...headers, Cookie: cookie });
        await expectGermanError(response, status, `${path}: ${label}`);
      }
    }
    expect(await rowCount("news")).toBe(0);
    expect(await rowCount("alerts")).toBe(0);
    await expectSessionLives(cookie);
  });

  it("takes a post without any body as an empty form: the route answers, never with a 500", async () => {
    const cookie = await staffCookie();
    for (const path of ["/intern/news", "/intern/notification", "/intern/opening", "/intern/uploadReference", "/intern/login", "/einstellungen/design"]) {
      const response = await postPage(path, null, { ...SAME_ORIGIN, Cookie: cookie });
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(response.status, path).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect(await rowCount("news")).toBe(0);
    const logout = await postPage("/intern/logout", null, { ...SAME_ORIGIN, Cookie: cookie });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/intern/login");
  });

  it("keeps the upload's own limits for multipart posts of the staff uploader", async () => {
    const cookie = await staffCookie();
    const form = uploadForm([{ name: "gross.png", bytes: png(), type: "image/png" }], { description: "Größer als ein Textformular" });
    form.append("padding", "x".repeat(MAX_FORM_BYTES * 2));
    const response = await postPage("/intern/uploadReference/bild", form, { ...SAME_ORIGIN, Cookie: cookie });
    expect(response.status).toBe(201);
    expect(await rowCount("references")).toBe(1);
  });
});

describe("the flash-toast cookie", () => {
  it.each([
    ["not base64", "hinweis=%%%"],
    ["JSON of the wrong shape", `hinweis=${btoa(JSON.stringify({ type: "<script>", body: 5 }))}`],
    ["extra fields", `hinweis=${btoa(JSON.stringify({ id: "1", type: "error", body: "x", html: "<b>" }))}`],
    ["an overlong body", `hinweis=${btoa(JSON.stringify({ id: "1", type: "error", body: "x".repeat(5000) }))}`],
  ])("ignores a cookie with %s and clears it", async (_, cookie) => {
    const cookieHeader = `${await staffCookie()}; ${cookie}`;
    const response = await site("/intern/news", { headers: { Cookie: cookieHeader } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("&lt;script&gt;");
    expect(html).not.toContain("x".repeat(5000));
    expect(response.headers.get("Set-Cookie")).toMatch(/^hinweis=;.*Max-Age=0/);
  });

  it("still shows a well-formed toast", async () => {
    const cookie = await staffCookie();
    const created = await postPage("/intern/news", new URLSearchParams({ intent: "create", title: "Toast", text: "Text" }), {
      ...SAME_ORIGIN,
      Cookie: cookie,
    });
    const toast = created.headers.get("Set-Cookie")!.split(";")[0];
    const page = await site("/intern/news", { headers: { Cookie: `${cookie}; ${toast}` } });
    expect(await page.text()).toContain("Aktion Erfolgreich");
  });
});
