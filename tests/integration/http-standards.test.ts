import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, body, SAME_ORIGIN, site, STAFF, staffCookie, staffToken, upload, uploadForm } from "./helpers";

/*
 * Issue 37, what outside validators (Mozilla's HTTP Observatory, linkinator, RFC checkers) found:
 * missing files answered the home page's redirect, a 401 named no scheme, plain http stayed
 * plain, and a few answers went further than the standards say they should.
 */

const directive = (response: Response, name: string) =>
  (response.headers.get("Content-Security-Policy") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("missing files", () => {
  it("answer 404 for a path with an extension, /assets/* and /.well-known/*, while unknown pages still go home", async () => {
    for (const path of ["/assets/gibt-es-nicht.js", "/assets", "/.well-known/change-password", "/wp-login.php", "/Bild.JPG", "/about/alt.html"]) {
      const response = await site(path, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toBe("text/plain; charset=utf-8");
      expect(await response.text(), path).toBe("Diese Datei gibt es nicht.");
    }
    const post = await site("/assets/x.js", { method: "POST", headers: SAME_ORIGIN, redirect: "manual" });
    expect(post.status).toBe(404);
    // SPEC §2: any unknown path falls back to the home page; an alias to its page.
    const page = await site("/gibt-es-nicht", { redirect: "manual" });
    expect({ status: page.status, location: page.headers.get("Location") }).toEqual({ status: 302, location: "/" });
    expect((await site("/ueberuns", { redirect: "manual" })).headers.get("Location")).toBe("/about");
  });

  it("serve /.well-known/security.txt (RFC 9116) from the business record", async () => {
    const token = await staffToken();
    const saved = await api("business/update", { token, json: { email: "sicherheit@sattlerei.example", website: "https://www.sattlerei.example", password: STAFF.password } });
    expect(saved.status).toBe(200);
    const response = await site("/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
    );
    expect(fields).toMatchObject({
      Contact: "mailto:sicherheit@sattlerei.example",
      "Preferred-Languages": "de, en",
      Canonical: "https://www.sattlerei.example/.well-known/security.txt",
    });
    const expires = Date.parse(fields.Expires);
    expect(fields.Expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(expires).toBeGreaterThan(Date.now() + 30 * 24 * 60 * 60 * 1000);
    expect(expires).toBeLessThan(Date.now() + 365 * 24 * 60 * 60 * 1000);
  });
});

describe("401 answers", () => {
  it("name their scheme in WWW-Authenticate: the API's token, the staff login form", async () => {
    const missing = await api("news/save", { json: { title: "t", text: "t" } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toBe('Token realm="api"');
    await staffToken();
    const wrong = await api("auth/login", { json: { username: "meister", password: "falsch-falsch-falsch" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toBe('Token realm="api"');

    const form = new URLSearchParams({ intent: "login", username: "meister", password: "falsch-falsch-falsch" });
    const page = await site("/intern/login", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(page.status).toBe(401);
    expect(page.headers.get("WWW-Authenticate")).toBe('Form realm="intern"');
    // Only a 401 carries one.
    expect((await site("/intern/login")).headers.has("WWW-Authenticate")).toBe(false);
  });
});

describe("plain http", () => {
  it("goes to the same address over https: 301 for a read, 308 for a post", async () => {
    const read = await SELF.fetch("http://werkstatt.test/referenz?kategorie=1", { redirect: "manual" });
    expect({ status: read.status, location: read.headers.get("Location") }).toEqual({
      status: 301,
      location: "https://werkstatt.test/referenz?kategorie=1",
    });
    const post = await SELF.fetch("http://werkstatt.test/api/v1/auth/login", { method: "POST", body: "{}", redirect: "manual" });
    expect({ status: post.status, location: post.headers.get("Location") }).toEqual({
      status: 308,
      location: "https://werkstatt.test/api/v1/auth/login",
    });
  });

  it("stays http on a local run", async () => {
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://192.168.1.20:8787"]) {
      expect((await SELF.fetch(`${origin}/robots.txt`, { redirect: "manual" })).status, origin).toBe(200);
    }
  });
});

describe("repeated slashes", () => {
  it("go to the path's one spelling, so no page is served where `//name/…` would read as another host", async () => {
    for (const [path, target] of [
      ["//intern/news", "/intern/news"],
      ["///evil.example/about?x=1", "/evil.example/about?x=1"],
      ["/referenz//", "/referenz/"],
    ]) {
      const response = await SELF.fetch(`https://werkstatt.test${path}`, { redirect: "manual" });
      expect({ status: response.status, location: response.headers.get("Location") }, path).toEqual({
        status: 301,
        location: `https://werkstatt.test${target}`,
      });
    }
    const post = await SELF.fetch("https://werkstatt.test//intern/news", { method: "POST", headers: SAME_ORIGIN, redirect: "manual" });
    expect({ status: post.status, location: post.headers.get("Location") }).toEqual({ status: 308, location: "https://werkstatt.test/intern/news" });
  });
});

describe("methods no page takes", () => {
  it("answer 405 with Allow before any route runs, and log nothing (Remix logged each with its stack)", async () => {
    const logged = vi.spyOn(console, "error");
    for (const [method, path] of [
      ["PROPFIND", "/about"],
      ["PUT", "/about"],
      ["DELETE", "/intern/news"],
      ["PATCH", "/anfrage"],
      ["PUT", "/about.data"],
    ]) {
      const response = await site(path, { method, headers: SAME_ORIGIN });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await response.text()).toBe("Diese Adresse nimmt nur GET, HEAD und POST an.");
    }
    const picture = await site("/images/references/gibt-es-nicht.png", { method: "POST", headers: SAME_ORIGIN });
    expect({ status: picture.status, allow: picture.headers.get("Allow") }).toEqual({ status: 405, allow: "GET, HEAD" });
    expect(await picture.text()).toBe("Diese Adresse nimmt nur GET und HEAD an.");
    const options = await site("/about", { method: "OPTIONS" });
    expect({ status: options.status, allow: options.headers.get("Allow") }).toEqual({ status: 204, allow: "GET, HEAD, POST" });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("the status page's files", () => {
  it("answer 404 to a page-data request, and stay what they are otherwise", async () => {
    const photo = { name: "IMG_1.png", bytes: png({ rgb: [90, 60, 40] }), type: "image/png" };
    const { token } = await expectStoredWithLink(await sendEnhanced(await enquiryForm(CUSTOMER, [photo])));
    const [enquiry] = await body<{ photos: { id: string }[] }[]>(await api("enquiry/get", { token: await staffToken() }));
    const path = `/anfrage/status/${token}/foto/${enquiry.photos[0].id}`;
    expect((await site(path)).status).toBe(200);
    for (const data of [`${path}.data`, `/anfrage/status/${token}/termin.ics.data`, `/Anfrage/Status/${token}/Foto/${enquiry.photos[0].id}.data`]) {
      const response = await site(data);
      expect(response.status, data).toBe(404);
      expect(response.headers.get("Content-Type"), data).toBe("text/plain; charset=utf-8");
    }
    // The page's own data request is untouched.
    expect((await site(`/anfrage/status/${token}.data`)).status).toBe(200);
  });
});

describe("a public picture revalidated by its ETag", () => {
  it("answers 304 with its headers and no body, and the picture for any other tag", async () => {
    const token = await staffToken();
    const saved = await upload(token, uploadForm([{ name: "sitz.png", bytes: png(), type: "image/png" }], { description: "Sitz" }));
    const [reference] = (await body<{ reference: { url: string }[] }>(saved)).reference;
    const first = await site(reference.url);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();

    const again = await site(reference.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    expect(await again.text()).toBe("");
    // A list with the tag, as browsers may send, matches too; another tag does not.
    expect((await site(reference.url, { headers: { "If-None-Match": `"anders", ${etag}` } })).status).toBe(304);
    const changed = await site(reference.url, { headers: { "If-None-Match": '"anders"' } });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe("form-action", () => {
  it("allows WhatsApp, mail and SMS only on staff pages, where the job card opens them", async () => {
    expect(directive(await site("/"), "form-action")).toBe("form-action 'self'");
    expect(directive(await site("/anfrage"), "form-action")).toBe("form-action 'self'");
    const cookie = await staffCookie();
    for (const path of ["/intern/anfragen", "/intern/news"]) {
      expect(directive(await site(path, { headers: { Cookie: cookie } }), "form-action"), path).toBe("form-action 'self' https://wa.me mailto: sms:");
    }
  });
});
