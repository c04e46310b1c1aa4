import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_FAILED } from "~/server/entities/staff-accounts.server";
import { api, BASE, body, expectError, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

const ENGLISH = /\b(Expected|Required|Invalid|received|must|String|Number|Array|undefined|null|NaN|Error)\b/;
const GERMAN = /[äöüßÄÖÜ„]|\b(ist|sind|muss|fehlt|fehlen|darf|nicht|kein|keine|gibt|Bitte|Die|Der|Das|zu|erwartet)\b/;
const STACK = /\bat\s+\S+.*:\d+|\n\s+at\s/;

/** Every error a client can cause: 4xx, a `{error}` body, German words and no trace of the code. */
async function expectCleanClientError(response: Response, label: string) {
  const text = await response.text();
  expect(response.status, `${label}: ${text}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${text}`).toBeLessThan(500);
  expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
  const json = JSON.parse(text) as { error: unknown };
  expect(Object.keys(json), label).toEqual(["error"]);
  expect(typeof json.error, label).toBe("string");
  const message = json.error as string;
  expect(message, label).not.toMatch(STACK);
  if (message !== AUTH_FAILED) {
    expect(message, label).not.toMatch(ENGLISH);
    expect(message, label).toMatch(GERMAN);
  }
}

const JSON_ROUTES = [
  "news/save",
  "news/update",
  "news/delete",
  "alert/save",
  "alert/update",
  "alert/delete",
  "opening/save",
  "reference/update",
  "reference/delete",
  "auth/login",
];

/** Raw bodies that no route accepts. */
const MALFORMED: [string, string][] = [
  ["empty", ""],
  ["null", "null"],
  ["an empty array", "[]"],
  ["an array of objects", '[{"id":"x","title":"t","text":"t"}]'],
  ["zero", "0"],
  ["an overflowing number", "1e309"],
  ["a string", '"Hallo"'],
  ["an empty object", "{}"],
  ["broken JSON", "{kaputt"],
  ["a trailing comma", '{"id": "x",}'],
  ["a lone surrogate escape", '{"id": "\\ud800"'],
  ["deep nesting", "[".repeat(20_000) + "]".repeat(20_000)],
  ["a __proto__ key", '{"__proto__": {"id": "x", "title": "t", "text": "t"}}'],
  ["null fields", '{"id": null, "title": null, "text": null, "date": null, "username": null, "password": null}'],
  [
    "objects as fields",
    '{"id": {}, "title": {}, "text": {}, "newTitle": {}, "date": {}, "fromDate": {}, "toDate": {}, "description": {}, "category": {}, "username": {}, "password": {}}',
  ],
  [
    "arrays as fields",
    '{"id": ["a"], "title": [], "text": [1], "date": [], "fromDate": [], "toDate": [], "description": [], "category": [[]], "username": [], "password": []}',
  ],
  [
    "numbers as fields",
    '{"id": 5, "title": 1, "text": 2, "newTitle": 3, "newText": 4, "date": 5, "fromDate": 1e300, "toDate": -1e300, "description": 6, "category": 7, "username": 8, "password": 9}',
  ],
  [
    "huge strings",
    JSON.stringify({
      id: "i".repeat(5_000),
      title: "t".repeat(20_000),
      text: "x".repeat(20_000),
      username: "u".repeat(5_000),
      password: "p".repeat(5_000),
    }),
  ],
];

describe("malformed input never produces a 500", () => {
  it.each(JSON_ROUTES)("POST %s answers every malformed body with a German 4xx", async (route) => {
    const token = await staffToken();
    for (const [label, raw] of MALFORMED) {
      const response = await api(route, {
        method: "POST",
        token,
        headers: { "Content-Type": "application/json" },
        body: raw,
      });
      await expectCleanClientError(response, `${route} with ${label}`);
    }
  });

  const WRONG_FIELDS: [string, Record<string, unknown>][] = [
    ["news/save", { title: "💥\u0000\u202e", text: "Ünïcödé ✓ \ud83d\ude97" }],
    ["news/save", { title: 5, text: "x" }],
    ["news/update", { id: "x", newTitle: ["Titel"], newText: "x" }],
    ["alert/save", { title: "t", text: "t", fromDate: "morgen", toDate: "übermorgen" }],
    ["alert/save", { title: "t", text: "t", fromDate: "2026-01-01T00:00:00Z", toDate: 8.64e15 + 1 }],
    ["alert/save", { title: "t", text: "t", fromDate: true, toDate: false }],
    ["alert/update", { id: "x", newTitle: "t", newText: "t", newFromDate: {}, newToDate: [] }],
    ["opening/save", { date: { monday: 5 } }],
    ["opening/save", { date: "Montag bis Freitag" }],
    ["opening/save", { date: [] }],
    ["opening/save", { monday: "8-17" }],
    ["reference/update", { id: "x", description: "d", category: [1, 2] }],
    ["reference/update", { id: "x", description: "d", category: { name: "Oldtimer" } }],
    ["reference/update", { id: "x", description: "d", category: Array.from({ length: 11 }, (_, i) => `K${i}`) }],
    ["reference/update", { id: "x", description: "d".repeat(1001), category: [] }],
    ["reference/update", { id: "x", description: "d", category: ["k".repeat(51)] }],
    ["auth/login", { username: "", password: "" }],
    ["auth/login", { username: "chef", password: 12345 }],
  ];

  it("answers wrong field values with a German 4xx, or accepts them", async () => {
    const token = await staffToken();
    for (const [route, payload] of WRONG_FIELDS) {
      const response = await api(route, { token, json: payload });
      if (response.status !== 200) await expectCleanClientError(response, `${route} ${JSON.stringify(payload)}`);
    }
  });

  it("answers malformed multipart uploads with a German 4xx", async () => {
    const token = await staffToken();
    const image = { name: "a.png", bytes: png(), type: "image/png" };
    const cases: [string, FormData | string][] = [
      ["metadata null", uploadForm([image], "null")],
      ["metadata a number", uploadForm([image], "42")],
      ["metadata a string", uploadForm([image], '"Beschreibung"')],
      ["metadata with a numeric description", uploadForm([image], { description: 5 })],
      ["metadata with an empty category", uploadForm([image], { category: [""] })],
      ["metadata with category objects", uploadForm([image], { category: [{}] })],
      ["metadata with a long filename", uploadForm([image], [{ filename: "f".repeat(300) }])],
      ["metadata with too many entries", uploadForm([image], Array.from({ length: 101 }, () => ({ filename: "a.png" })))],
      ["images as text fields", (() => {
        const form = new FormData();
        form.append("images", "kein Bild");
        return form;
      })()],
      ["an empty form", new FormData()],
      ["metadata sent as a file", (() => {
        const form = uploadForm([image]);
        form.append("metadata", new File(["{}"], "metadata.json", { type: "application/json" }));
        return form;
      })()],
      ["a broken multipart body", "--grenze\r\nContent-Disposition: form-data; name=\"images\"\r\n\r\nabc"],
    ];
    for (const [label, form] of cases) {
      const response =
        typeof form === "string"
          ? await api("reference/save", {
              method: "POST",
              token,
              headers: { "Content-Type": "multipart/form-data; boundary=grenze" },
              body: form,
            })
          : await upload(token, form);
      await expectCleanClientError(response, label);
    }
  });

  it("refuses paging values that are not whole numbers and clamps the rest", async () => {
    for (const query of ["limit=zehn", "limit=1.5", "startAt=1e3", "limit=0x10", "limit=٣", "startAt=99999999999999999999"]) {
      for (const route of ["news/get", "reference/get"]) {
        await expectCleanClientError(await api(`${route}?${query}`), `${route}?${query}`);
      }
    }
    for (const query of ["limit=-5", "limit=%20", "startAt=999999999999999", `category=${"x".repeat(5000)}`, "category=%F0%9F%92%A5"]) {
      expect((await api(`reference/get?${query}`)).status, query).toBe(200);
      expect((await api(`news/get?${query}`)).status, query).toBe(200);
    }
  });
});

describe("unknown paths, wrong methods, oversized and malformed JSON", () => {
  it("answers unknown /api/v1 paths with a JSON 404", async () => {
    for (const path of [
      "whatever",
      "",
      "news",
      "news/get/extra",
      "News/Get",
      "constructor",
      "__proto__",
      "toString",
      "hasOwnProperty",
      "news/get%00",
      "%E0%A4%A",
    ]) {
      for (const method of ["GET", "POST"]) {
        const response = await SELF.fetch(`${BASE}/api/v1/${path}`, { method, body: method === "POST" ? "{}" : undefined });
        await expectError(response, 404, "Diese API-Adresse gibt es nicht.");
      }
    }
  });

  it("answers a wrong method with 405, the expected one in Allow", async () => {
    const cases: [string, string, string][] = [
      ["news/get", "POST", "GET"],
      ["news/get", "PUT", "GET"],
      ["news/get", "DELETE", "GET"],
      ["reference/categories", "PATCH", "GET"],
      ["news/save", "GET", "POST"],
      ["news/save", "HEAD", "POST"],
      ["alert/delete", "GET", "POST"],
      ["auth/login", "GET", "POST"],
      ["auth/login", "OPTIONS", "POST"],
    ];
    for (const [path, method, allowed] of cases) {
      const response = await SELF.fetch(`${BASE}/api/v1/${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allowed);
      if (method !== "HEAD") {
        expect(await body(response)).toEqual({ error: `Diese Adresse erwartet ${allowed}.` });
      }
    }
  });

  it("answers HEAD like GET on a read call", async () => {
    const response = await SELF.fetch(`${BASE}/api/v1/news/get`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("answers malformed JSON with 400 and oversized JSON with 413", async () => {
    const token = await staffToken();
    await expectError(
      await api("news/save", { method: "POST", token, body: '{"title": "a", ' }),
      400,
      "Die Anfrage enthält kein gültiges JSON.",
    );
    await expectError(await api("news/save", { method: "POST", token, body: "" }), 400, "Die Anfrage enthält keine Daten.");
    const oversized = JSON.stringify({ title: "Groß", text: "x".repeat(70 * 1024) });
    await expectError(await api("news/save", { method: "POST", token, body: oversized }), 413, "Die Anfrage ist zu groß.");
    await expectError(
      await SELF.fetch(`${BASE}/api/v1/news/save`, {
        method: "POST",
        headers: { token, "Content-Type": "application/json", "Content-Length": String(10 * 1024 * 1024) },
        body: '{"title":"a","text":"b"}',
      }),
      413,
      "Die Anfrage ist zu groß.",
    );
    expect(await body(await api("news/get"))).toEqual([]);
  });

  it("stops reading a streamed JSON body without length once it passes the limit", async () => {
    const token = await staffToken();
    const chunk = new TextEncoder().encode(`"${"x".repeat(1024 * 1024 - 2)}"`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 200) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await SELF.fetch(`${BASE}/api/v1/news/save`, {
      method: "POST",
      headers: { token, "Content-Type": "application/json" },
      body: stream,
    });
    await expectError(response, 413, "Die Anfrage ist zu groß.");
    expect(sent).toBeLessThan(200);
  });
});
