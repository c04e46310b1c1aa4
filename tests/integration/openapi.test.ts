import { env } from "cloudflare:test";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { holidayOn } from "~/lib/holidays";
import { API_ROUTE_METHODS } from "~/server/api/routes.server";
import type { ApiRouteName } from "~/server/api/openapi.server";
import { saveStaffUser } from "~/server/entities/staff-accounts.server";
import { ENQUIRY_FIELDS } from "~/lib/enquiry";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, BASE, body, db, renditionsMade, SAME_ORIGIN, site, STAFF, uploadForm } from "./helpers";
import { png, TEXT } from "../fixtures/images";
import readme from "../../README.md?raw";

/*
 * /api/v1 describes itself (issue 37): the document at /api/v1/openapi.json is a valid OpenAPI 3.1
 * document, names every route of the route table with its method, and every real answer of every
 * route — a success and at least one refusal each — validates against the schema the document gives
 * for that route and status. The answers' schemas allow no field they do not name.
 */

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { $ref?: string; content?: { "application/json": { schema: unknown } } }>; parameters?: { name: string }[] }>
  >;
  components: { schemas: Record<string, unknown> };
}

/**
 * The property names a schema's answer can carry, through lists and alternatives; a reference to a
 * component is followed when `refs` is not given, else only noted there by the component's name.
 */
function fieldNames(document: Document, schema: unknown, refs?: Set<string>, names = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== "object") return names;
  const { $ref, properties, items, anyOf } = schema as { $ref?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  const component = $ref?.split("/").pop();
  if (component && refs) refs.add(component);
  else if (component) fieldNames(document, document.components.schemas[component], refs, names);
  for (const [name, value] of Object.entries(properties ?? {})) {
    names.add(name);
    fieldNames(document, value, refs, names);
  }
  fieldNames(document, items, refs, names);
  for (const alternative of anyOf ?? []) fieldNames(document, alternative, refs, names);
  return names;
}

const DOCUMENT_ID = `${BASE}/api/v1/openapi.json`;

const pointer = (...parts: string[]) => parts.map((part) => `/${part.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

async function documentAndValidator() {
  const response = await api("openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
  const document = await body<Document>(response);
  // Strict: a keyword the validator does not know (a typo in a schema) fails; the document's own members are no schema keywords.
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(["openapi", "info", "servers", "paths", "components", "tags", "security", "webhooks"]);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (at: string) => {
    if (!compiled.has(at)) compiled.set(at, ajv.compile({ $ref: `${DOCUMENT_ID}#${at}` }));
    return compiled.get(at)!;
  };
  return { document, validatorAt };
}

type Checked = Awaited<ReturnType<typeof documentAndValidator>>;

/** Every route's answers, by the route's name: which statuses were seen. */
type Seen = Map<string, Set<number>>;

interface Call {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  query?: string;
  method?: string;
  headers?: Record<string, string>;
}

/**
 * Calls a route for real and checks its answer against the document: the status must be one
 * the operation lists, the body must validate against that status's schema. A JSON payload
 * that succeeded must validate against the operation's request schema too (the documented
 * payloads are the ones that work). Answers the parsed body.
 */
async function callRoute<T = unknown>(checked: Checked, seen: Seen, route: ApiRouteName, call: Call = {}): Promise<{ status: number; json: T }> {
  const method = (call.method ?? API_ROUTE_METHODS[route]).toLowerCase();
  const documented = checked.document.paths[`/${route}`]?.[API_ROUTE_METHODS[route].toLowerCase()];
  expect(documented, `${route} fehlt im Dokument`).toBeDefined();
  const response = await api(`${route}${call.query ?? ""}`, {
    method: method.toUpperCase(),
    token: call.token,
    json: call.json,
    body: call.body,
    headers: call.headers,
  });
  const json = await body<T>(response);
  const status = response.status;
  const declared = documented.responses[String(status)];
  expect(declared, `${route}: ${status} ist nicht beschrieben (${JSON.stringify(json)})`).toBeDefined();
  const at = declared.$ref
    ? `${declared.$ref.slice(1)}${pointer("content", "application/json", "schema")}`
    : pointer("paths", `/${route}`, API_ROUTE_METHODS[route].toLowerCase(), "responses", String(status), "content", "application/json", "schema");
  const validate = checked.validatorAt(at);
  expect(validate(json), `${route} ${status}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(json)}`).toBe(true);
  if (status === 200 && call.json !== undefined) {
    const request = checked.validatorAt(pointer("paths", `/${route}`, method, "requestBody", "content", "application/json", "schema"));
    expect(request(call.json), `${route}: Anfrage ${JSON.stringify(request.errors)}`).toBe(true);
  }
  if (!seen.has(route)) seen.set(route, new Set());
  seen.get(route)!.add(status);
  return { status, json };
}

/** The next weekday (Mon–Fri, default hours, no NRW holiday) at least `days` ahead, at 09:00 Berlin. */
function openWeekday(days: number): string {
  let date = addDays(workshopDate(new Date()), days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date)) date = addDays(date, 1);
  return `${date}T09:00`;
}

/** Posts a status page form as the customer's browser does. */
function customerAnswers(token: string, fields: Record<string, string>) {
  return site(`/anfrage/status/${token}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.37" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const pngFile = (name: string, rgb: number[]) => ({ name, bytes: png({ rgb }), type: "image/png" });

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document with an entry for every route of the table, by its method", async () => {
    const { document } = await documentAndValidator();
    expect(document.openapi).toMatch(/^3\.1\./);
    const check = await (env as unknown as { OPENAPI_CHECK: Fetcher }).OPENAPI_CHECK.fetch("http://check/", {
      method: "POST",
      body: JSON.stringify(document),
    });
    const result = (await check.json()) as { valid: boolean; errors?: unknown };
    expect(result.errors ?? null, JSON.stringify(result.errors)).toBeNull();
    expect(result.valid).toBe(true);

    const described = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const table = Object.entries(API_ROUTE_METHODS).map(([name, method]) => `${method} /${name}`);
    expect(described.sort()).toEqual(table.sort());
  });

  it("agrees with the README's API table: the same routes, each row naming its query parameters and the fields of its answer", async () => {
    const { document } = await documentAndValidator();
    const rows = readme.split("\n").filter((line) => /^\| (GET|POST) \| `\//.test(line));
    const described = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ path, method })));
    expect(rows.map((row) => row.split("|")[1].trim() + " " + /`([^`?]+)/.exec(row)![1]).sort()).toEqual(
      described.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort(),
    );
    const names = (row: string, name: string) => new RegExp(`\\b${name}\\b`).test(row);
    const rowsOf = new Map<string, string[]>();
    for (const { path, method } of described) {
      const row = rows.find((line) => line.startsWith(`| ${method.toUpperCase()} | \`${path}`) && /^[`?]/.test(line.split(path)[1]))!;
      const operation = document.paths[path][method];
      const query = /`[^`?]+\?([^`]*)`/.exec(row)?.[1].split("&") ?? [];
      expect({ path, query: query.sort() }).toEqual({ path, query: (operation.parameters ?? []).map(({ name }) => name).sort() });
      // The row names its answer's own fields; a shape the API answers in several places (a component) is spelt out in one row.
      const refs = new Set<string>();
      const missing = [...fieldNames(document, operation.responses["200"].content?.["application/json"].schema, refs)].filter(
        (name) => !names(row, name),
      );
      expect({ path, missing }).toEqual({ path, missing: [] });
      for (const component of refs) rowsOf.set(component, [...(rowsOf.get(component) ?? []), row]);
    }
    for (const [component, componentRows] of rowsOf) {
      const fields = [...fieldNames(document, document.components.schemas[component])];
      const best = componentRows.map((row) => fields.filter((name) => !names(row, name))).sort((a, b) => a.length - b.length)[0];
      expect({ component, missing: best }).toEqual({ component, missing: [] });
    }
  });

  it("describes every real answer of every route: a success and a refusal each", { timeout: 120_000 }, async () => {
    const checked = await documentAndValidator();
    const seen: Seen = new Map();
    const call = <T = unknown>(route: ApiRouteName, init?: Call) => callRoute<T>(checked, seen, route, init);

    await call("openapi.json");
    await call("openapi.json", { method: "POST" });

    // Login: the token, a wrong password (the spec's English message), a form instead of JSON.
    await saveStaffUser(db(), STAFF);
    const { json: login } = await call<{ token: string }>("auth/login", { json: STAFF });
    const token = login.token;
    const failed = await call<{ error: string }>("auth/login", { json: { ...STAFF, password: "falsch-falsch" } });
    expect(failed).toEqual({ status: 401, json: { error: "Authentication failed" } });
    expect((await call("auth/login", { body: new URLSearchParams(STAFF), headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);

    // News.
    const { json: news } = await call<{ id: string }>("news/save", { token, json: { title: "Neu", text: "Hallo" } });
    await call("news/save", { json: { title: "Neu", text: "Hallo" } });
    await call("news/get");
    await call("news/get", { query: "?limit=viele" });
    await call("news/update", { token, json: { id: news.id, newTitle: "Neuer", newText: "Hallo wieder" } });
    await call("news/update", { token, json: { id: "gibt-es-nicht", newTitle: "Neuer", newText: "Hallo" } });
    await call("news/delete", { token, json: { id: news.id } });
    await call("news/delete", { token, json: { id: news.id } });

    // Alerts.
    const fromDate = new Date().toISOString();
    const toDate = new Date(Date.now() + 86_400_000).toISOString();
    const { json: alert } = await call<{ id: string }>("alert/save", { token, json: { title: "Betriebsferien", text: "Bis Montag", fromDate, toDate } });
    await call("alert/save", { token, json: { title: "Falsch herum", text: "x", fromDate: toDate, toDate: fromDate } });
    await call("alert/get");
    await call("alert/get", { token });
    await call("alert/get", { method: "POST" });
    await call("alert/update", { token, json: { id: alert.id, newTitle: "Ferien", newText: "Bis Dienstag", newFromDate: fromDate, newToDate: toDate } });
    await call("alert/update", { token, json: { id: "gibt-es-nicht", newTitle: "Ferien", newText: "x", newFromDate: fromDate, newToDate: toDate } });
    await call("alert/delete", { token, json: { id: alert.id } });
    await call("alert/delete", { token, json: { id: alert.id } });

    // Opening hours and Sonderzeiten.
    await call("opening/get");
    await call("opening/get", { method: "POST" });
    const week = { monday: "8–17", tuesday: "8–17", wednesday: "8–17", thursday: "8–17", friday: "8–15", saturday: "nach Vereinbarung", sunday: "Geschlossen" };
    await call("opening/save", { token, json: { date: week } });
    await call("opening/save", { token, json: { date: { ...week, sunday: "" } } });
    const today = workshopDate(new Date());
    const special = { title: "Inventur", hours: "Geschlossen", fromDate: addDays(today, 3), toDate: addDays(today, 4) };
    const { json: specialHours } = await call<{ id: string }>("opening/special/save", { token, json: special });
    await call("opening/special/save", { token, json: { ...special, toDate: addDays(today, 1) } });
    await call("opening/special/get");
    await call("opening/special/get", { query: "?startAt=x" });
    await call("opening/special/update", { token, json: { id: specialHours.id, ...special, hours: "10–12" } });
    await call("opening/special/update", { token, json: { id: "gibt-es-nicht", ...special } });
    await call("opening/special/delete", { token, json: { id: specialHours.id } });
    await call("opening/special/delete", { token });

    // The business record.
    await call("business/get");
    await call("business/get", { method: "POST" });
    await call("business/update", { token, json: { heroTitle: "Sattlerei mit Herz" } });
    await call("business/update", { token, json: { postalCode: "12" } });

    // Gallery pictures: a pair (a "Vorher-Bild"), one on the home page's slideshow.
    const { json: saved } = await call<{ reference: { id: string; filename: string }[] }>("reference/save", {
      token,
      body: uploadForm([pngFile("nachher.png", [120, 60, 20]), pngFile("vorher.png", [30, 30, 30])], [
        { filename: "nachher.png", description: "Sitz neu bezogen", category: ["Autositze"] },
        { filename: "vorher.png", description: "Sitz vorher", category: "Autositze" },
      ]),
    });
    const after = saved.reference.find((reference) => reference.filename === "nachher.png")!;
    const before = saved.reference.find((reference) => reference.filename === "vorher.png")!;
    await call("reference/save", { token, body: uploadForm([{ name: "notiz.txt", bytes: TEXT, type: "text/plain" }], {}) });
    await call("reference/save", { body: uploadForm([pngFile("x.png", [1, 2, 3])], {}) });
    const { json: updated } = await call<{ featured: boolean; before: { id: string } | null }>("reference/update", {
      token,
      json: { id: after.id, description: "Fahrersitz neu bezogen", category: ["Autositze", "Oldtimer"], featured: true, beforeId: before.id },
    });
    expect(updated).toMatchObject({ featured: true, before: { id: before.id } });
    await call("reference/update", { token, json: { id: "gibt-es-nicht", description: "x" } });
    const { json: staffList } = await call<{ reference: { filename?: string; featured: boolean; before: unknown }[] }>("reference/get", { token });
    expect(staffList.reference.some((reference) => reference.featured && reference.before)).toBe(true);
    const { json: publicList } = await call<{ reference: { filename?: string }[] }>("reference/get", { query: "?category=Autositze" });
    expect(publicList.reference.every((reference) => reference.filename === undefined)).toBe(true);
    await call("reference/get", { query: "?limit=1.5" });
    await call("reference/categories");
    await call("reference/categories", { token });
    await call("reference/categories", { method: "POST", token });

    // An enquiry through its steps: a price the customer accepts, a date they choose, "fertig".
    await renditionsMade(token, after.id);
    const name = `Erika OpenAPI-${Date.now().toString(36)}`;
    const { token: statusToken } = await expectStoredWithLink(
      await sendEnhanced(await enquiryForm({ ...CUSTOMER, name, [ENQUIRY_FIELDS.referencePicture]: after.id }, [{ name: "sitz.png", bytes: png({ rgb: [90, 40, 10] }), type: "image/png" }])),
    );
    const { id } = (await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>())!;
    await call("enquiry/get", { token });
    await call("enquiry/get", { token, query: "?status=unbekannt" });
    await call("enquiry/update", { token, json: { id, status: "in-bearbeitung", note: "Rückruf vormittags" } });
    await call("enquiry/update", { token, json: { id: "gibt-es-nicht", status: "neu" } });
    const items = [{ text: "Wange neu beziehen", quantity: 2, unitPriceGross: 12990 }];
    const quote = { id, kind: "angebot", items, validUntil: addDays(today, 20), note: "Nach Sichtung." };
    const { json: quoted } = await call<{ quote: { id: string } }>("enquiry/quote", { token, json: quote });
    expect((await customerAnswers(statusToken, { aktion: "annehmen", angebot: quoted.quote.id })).status).toBe(303);
    await call("enquiry/quote", { token, json: quote });
    await call("enquiry/propose", { token, json: { id, slots: [openWeekday(3), openWeekday(4)] } });
    await call("enquiry/propose", { token, json: { id, slots: [] } });
    const slot = await env.DB.prepare("select id from appointment_slots order by starts_at").first<{ id: string }>();
    expect((await customerAnswers(statusToken, { aktion: "termin-waehlen", termin: slot!.id })).status).toBe(303);
    await call("enquiry/finish", { token, json: { id } });
    await call("enquiry/arrived", { token, json: { id } });
    await call("enquiry/arrived", { token, json: { id, early: true } });
    await call("enquiry/finish", { token, json: { id } });
    await call("enquiry/finish/undo", { token, json: { id } });
    await call("enquiry/finish/undo", { token, json: { id } });
    await call("enquiry/finish", { token, json: { id } });
    await call("enquiry/collected", { token, json: { id } });
    await call("enquiry/collected", { token, json: { id } });
    const { json: enquiries } = await call<{ quote: { acceptedAt: string | null }; appointment: { chosen: string | null }; photos: unknown[]; referencePicture: unknown }[]>(
      "enquiry/get",
      { token, query: "?status=erledigt" },
    );
    expect(enquiries[0]).toMatchObject({ quote: { acceptedAt: expect.any(String) }, appointment: { chosen: expect.any(String) }, referencePicture: { id: after.id } });
    expect(enquiries[0].photos).toHaveLength(1);

    // Project pages (issue 40): the finished job's photo with the customer's consent, and her words.
    const photoId = (await env.DB.prepare("select id from enquiry_photos where enquiry_id = ?").bind(id).first<{ id: string }>())!.id;
    const consent = "insert into customer_consents (id, enquiry_id, choice, wording, statement, shown_name, given_at) values (?, ?, ?, 'Ja.', ?, ?, ?)";
    await env.DB.prepare(consent).bind(crypto.randomUUID(), id, "fotos", null, null, Date.now()).run();
    await env.DB.prepare(consent).bind(crypto.randomUUID(), id, "stimme", "Sehr sauber gearbeitet.", "E. M.", Date.now()).run();
    const projectFields = { title: "Sitz neu bezogen", vehicle: "VW Golf II", work: "Wange neu bezogen", material: "Leder", duration: "2 Tage", enquiryId: id };
    const pictures = [
      { id: photoId, role: "vorher" },
      { id: after.id, role: "nachher" },
    ];
    const { json: project } = await call<{ id: string; slug: string }>("project/save", { token, json: { ...projectFields, published: true, statement: true, pictures } });
    await call("project/save", { token, json: { ...projectFields, pictures: [{ id: "gibt-es-nicht", role: "bild" }] } });
    await call("project/save", { token, json: { ...projectFields, id: project.id, published: false } });
    await call("project/save", { token, json: { ...projectFields, id: project.id, published: true, statement: true, pictures } });
    await call("project/get");
    await call("project/get", { token });
    await call("project/get", { query: "?limit=viele" });
    await call("project/delete", { token, json: { id: project.id } });
    await call("project/delete", { token, json: { id: project.id } });

    await call("enquiry/delete", { token, json: { id } });
    await call("enquiry/delete", { token, json: { id } });
    await call("reference/delete", { token, json: { id: after.id } });
    await call("reference/delete", { token, json: {} });

    // The Papierkorb and the Verlauf.
    const { json: trash } = await call<{ id: string; kind: string }[]>("trash/get", { token });
    await call("trash/get", { token, query: "?limit=-x" });
    const entry = (kind: string) => trash.find((item) => item.kind === kind)!.id;
    await call("trash/restore", { token, json: { id: entry("news") } });
    await call("trash/restore", { token, json: { id: entry("news") } });
    await call("trash/delete", { token, json: { id: entry("enquiry") } });
    await call("trash/delete", { token, json: { id: entry("enquiry") } });
    await call("log/get", { token, query: `?user=${STAFF.username}` });
    await call("log/get", { token, query: "?startAt=eins" });

    await call("auth/logout", { token });
    await call("auth/logout", { token });

    for (const route of Object.keys(API_ROUTE_METHODS)) {
      const statuses = [...(seen.get(route) ?? [])];
      expect({ route, success: statuses.includes(200), refusal: statuses.some((status) => status >= 400) }).toEqual({ route, success: true, refusal: true });
    }
  });
});
