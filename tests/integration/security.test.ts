import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, body, site, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

function directives(csp: string | null): Map<string, string> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(" ")] as [string, string];
      }),
  );
}

function expectBaseHeaders(response: Response, label: string) {
  const headers = response.headers;
  expect(headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(headers.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(headers.get("Strict-Transport-Security"), label).toMatch(/^max-age=\d{7,}/);
  expect(directives(headers.get("Content-Security-Policy")).get("frame-ancestors"), label).toBe("'none'");
  expect(headers.has("X-Powered-By"), label).toBe(false);
  expect(headers.has("Server"), label).toBe(false);
}

describe("security headers", () => {
  it("gives pages a CSP whose script nonce changes per request and is on every script", async () => {
    const nonces: string[] = [];
    for (let request = 0; request < 2; request++) {
      const response = await site("/");
      expect(response.status).toBe(200);
      expectBaseHeaders(response, "Seite");
      const csp = directives(response.headers.get("Content-Security-Policy"));
      const scriptSrc = csp.get("script-src")!;
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'self'");

      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sets the same safe defaults on API answers, errors and images", async () => {
    const token = await staffToken();
    const uploaded = await upload(token, uploadForm([{ name: "a.png", bytes: png(), type: "image/png" }]));
    const { reference } = await body<{ reference: { url: string }[] }>(uploaded);
    const responses: [string, Response][] = [
      ["API", await api("news/get")],
      ["API-Fehler", await api("gibt/es/nicht")],
      ["401", await api("news/save", { json: { title: "t", text: "t" } })],
      ["Bild", await site(reference[0].url)],
      ["fehlendes Bild", await site("/images/references/00000000-0000-0000-0000-000000000000.png")],
    ];
    for (const [label, response] of responses) {
      expectBaseHeaders(response, label);
      await response.arrayBuffer();
    }
  });

  it("sends HSTS only over https", async () => {
    // Plain http to the site's own name goes to https (issue 37); a local run keeps http.
    const redirected = await SELF.fetch("http://werkstatt.test/api/v1/news/get", { redirect: "manual" });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.has("Strict-Transport-Security")).toBe(false);
    const response = await SELF.fetch("http://localhost/api/v1/news/get");
    expect(response.status).toBe(200);
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("posts from foreign sites", () => {
  const foreign: [string, Record<string, string>][] = [
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["a look-alike Origin", { Origin: "https://werkstatt.test.evil.example" }],
    ["the same host over http", { Origin: "http://werkstatt.test" }],
  ];

  it.each(foreign)("refuses a form post to a page with %s", async (_, headers) => {
    for (const path of ["/", "/intern/login", "/intern/news"]) {
      const response = await site(path, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "username=meister&password=x",
      });
      expect(response.status, path).toBe(403);
      expect(await response.text()).toBe("Anfrage von einer fremden Seite abgelehnt.");
      expectBaseHeaders(response, path);
    }
  });

  it("lets same-origin posts and foreign GET requests through", async () => {
    const sameOrigin = await site("/", {
      method: "POST",
      // Remix compares Origin with Host itself; browsers and Cloudflare always send Host.
      headers: { Origin: "https://werkstatt.test", Host: "werkstatt.test", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ a: "b" }),
    });
    expect(sameOrigin.status).not.toBe(403);
    expect(sameOrigin.status).toBeLessThan(500);
    await sameOrigin.arrayBuffer();
    const link = await site("/", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(link.status).toBe(200);
    await link.arrayBuffer();
  });

  it("keeps the API usable cross-origin with the token header, which a foreign form cannot send", async () => {
    const token = await staffToken();
    const response = await api("news/save", {
      token,
      json: { title: "Von anderswo", text: "Text" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(200);
    const withoutToken = await api("news/save", {
      json: { title: "Von anderswo", text: "Text" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(withoutToken.status).toBe(401);
  });
});
