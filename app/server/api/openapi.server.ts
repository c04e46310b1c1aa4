import { ITEM_KIND_LABELS, LOG_ACTIONS, LOG_MAX_PAGE_SIZE, LOG_PAGE_SIZE, TRASH_KINDS } from "~/lib/activity";
import { PROMISE_COUNT, TRUST_MAX_ITEMS } from "~/lib/business";
import { BUSINESS_FIELDS } from "~/lib/business-fields";
import { MAX_CATEGORIES, MAX_CATEGORY_LENGTH } from "~/lib/categories";
import { CONSENT_STATEMENT_MAX_LENGTH } from "~/lib/consent";
import { CONTACT_CHANNELS, DAMAGE_KINDS, ENQUIRY_NOTE_MAX_LENGTH, ENQUIRY_STATUSES, MAIL_STATUSES } from "~/lib/enquiry";
import { MAX_PROPOSALS, NOTICE_STEPS } from "~/lib/enquiry-progress";
import { FINISH_UNDO_MINUTES, JOB_STEPS } from "~/lib/job";
import { DESCRIPTION_MAX_LENGTH, OPENING_HOURS_MAX_LENGTH, SPECIAL_HOURS_TITLE_MAX_LENGTH, TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";
import { WEEKDAYS } from "~/lib/opening-hours";
import {
  MAX_PROJECT_PICTURES,
  PROJECT_DURATION_MAX_LENGTH,
  PROJECT_MATERIAL_MAX_LENGTH,
  PROJECT_MAX_PAGE_SIZE,
  PROJECT_PAGE_SIZE,
  PROJECT_PICTURE_ROLES,
  PROJECT_TITLE_MAX_LENGTH,
  PROJECT_VEHICLE_MAX_LENGTH,
  PROJECT_WORK_MAX_LENGTH,
} from "~/lib/projects";
import {
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
  QUOTE_ITEM_TEXT_MAX_LENGTH,
  QUOTE_KINDS,
  QUOTE_NOTE_MAX_LENGTH,
} from "~/lib/quote";
import { ENQUIRY_MAX_PAGE_SIZE, ENQUIRY_PAGE_SIZE } from "~/server/entities/job/enquiries.server";
import { NEWS_MAX_PAGE_SIZE, NEWS_PAGE_SIZE } from "~/server/entities/news.server";
import { SPECIAL_HOURS_MAX_PAGE_SIZE, SPECIAL_HOURS_PAGE_SIZE } from "~/server/entities/opening-hours.server";
import { MAX_FILES_PER_UPLOAD } from "~/server/entities/reference-uploads.server";
import { REFERENCE_MAX_PAGE_SIZE, REFERENCE_PAGE_SIZE } from "~/server/entities/references.server";
import { TRASH_API_MAX_PAGE_SIZE, TRASH_API_PAGE_SIZE } from "~/server/entities/trash.server";

/*
 * The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json; tests/integration/openapi.test.ts
 * checks it against the OpenAPI schema and every route's real answers.
 *
 * The JSON Schemas are written here by hand, not derived from the zod schemas: the project's schemas are
 * zod 3 (`zod/v4`'s toJSONSchema reads only zod 4 schemas), most of them take `unknown` and transform it
 * (trimming, a category or a list of them, a date-time without offset in Berlin time), and the answers are
 * TypeScript types of the entity modules that no schema describes. The limits and lists of names are the
 * constants the rules use, so no number or name is written twice.
 */

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
type Schema = Record<string, unknown>;

const text = (maxLength?: number): Schema => (maxLength === undefined ? { type: "string" } : { type: "string", maxLength });
const oneOf = (values: readonly string[]): Schema => ({ type: "string", enum: [...values] });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const list = (items: Schema, limits: { minItems?: number; maxItems?: number } = {}): Schema => ({ type: "array", items, ...limits });
const wholeNumber = (limits: { minimum?: number; maximum?: number } = {}): Schema => ({ type: "integer", ...limits });
const dateTime: Schema = { type: "string", format: "date-time" };
const calendarDay: Schema = { type: "string", format: "date", description: "YYYY-MM-DD, Berlin" };
/** What a request gives as a date-time: ISO 8601 in the years 2000–2100, without offset in Berlin time. */
const dateTimeInput: Schema = {
  type: "string",
  description: "ISO 8601 date-time in the years 2000–2100; without an offset it is Berlin time (2026-12-24T08:00).",
};
const id: Schema = { type: "string", minLength: 1, maxLength: 100 };

/** An answer's object: every field listed, each required unless named in `optional`, nothing else. */
function answer(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return {
    type: "object",
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  };
}

/** A request's object: the server ignores fields it does not read. */
const payload = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: "object", properties, required });

const ref = (name: SchemaName): Schema => ({ $ref: `#/components/schemas/${name}` });
/** Inside `schemas` itself, where `ref` cannot know the names yet. */
const quoteItemRef: Schema = { $ref: "#/components/schemas/QuoteItem" };
const projectPictureRef: Schema = { $ref: "#/components/schemas/ProjectPicture" };

const pictureSources = list(answer({ type: text(), srcSet: text() }), {});
const pixels = nullable(wholeNumber({ minimum: 1 }));
const categoryName = text(MAX_CATEGORY_LENGTH);
const categories: Schema = {
  anyOf: [categoryName, list(categoryName, { maxItems: MAX_CATEGORIES })],
  description: `A category name or a list of up to ${MAX_CATEGORIES}; a new name makes a new category.`,
};

const schemas = {
  Error: answer({ error: { type: "string", description: "German message; a failed login answers `Authentication failed`." } }),
  Deleted: answer({ id: text() }),
  News: answer({ id: text(), _id: text(), title: text(), text: text(), date: dateTime }),
  Alert: answer({ id: text(), _id: text(), title: text(), text: text(), fromDate: dateTime, toDate: dateTime }),
  OpeningHours: answer(Object.fromEntries(WEEKDAYS.map(({ key }) => [key, text()]))),
  SpecialHours: answer({ id: text(), _id: text(), title: text(), hours: text(), fromDate: calendarDay, toDate: calendarDay }),
  Reference: {
    ...answer(
      {
        id: text(),
        url: { type: "string", description: "The stored original (upright, at most 2560 px)." },
        displayUrl: { type: "string", description: "Like `url` (decision 011)." },
        thumbnailUrl: { type: "string", description: "Like `url` (decision 011)." },
        name: text(),
        filename: { type: "string", description: "The uploader's device file name: only with a valid token." },
        description: text(),
        category: list(text()),
        cover: { type: "boolean", description: "The home page's „Titelbild“; at most one is." },
        featured: { type: "boolean", description: "„Auf der Startseite zeigen“: in the home page's slideshow." },
        before: { ...nullable(answer({ id: text(), url: text() })), description: "Its „Vorher-Bild“ (decision 016), or null." },
        width: pixels,
        height: pixels,
        sources: { ...pictureSources, description: "The server's renditions as srcsets, the preferred format first." },
        preparing: { type: "boolean", description: "Its renditions are still being made (decision 011)." },
      },
      ["filename"],
    ),
  },
  Business: answer({
    ...Object.fromEntries(
      BUSINESS_FIELDS.map((field) => [field.key, ["year", "latitude", "longitude"].includes(field.kind) ? nullable({ type: "number" }) : text()]),
    ),
    promises: list(answer({ title: text(), text: text() }), { minItems: PROMISE_COUNT, maxItems: PROMISE_COUNT }),
    trust: list(text(), { maxItems: TRUST_MAX_ITEMS }),
    portrait: nullable(answer({ url: text(), width: pixels, height: pixels, sources: pictureSources })),
  }),
  QuoteItem: answer({
    text: text(QUOTE_ITEM_TEXT_MAX_LENGTH),
    quantity: wholeNumber({ minimum: 1, maximum: MAX_QUOTE_QUANTITY }),
    unitPriceGross: { ...wholeNumber({ minimum: 1, maximum: MAX_UNIT_PRICE_CENTS }), description: "Cents, incl. MwSt." },
  }),
  Enquiry: answer({
    id: text(),
    _id: text(),
    reference: { type: "string", description: "A-2026-0042" },
    status: oneOf(ENQUIRY_STATUSES),
    topic: text(),
    vehicle: text(),
    description: text(),
    preferredDate: nullable(text()),
    name: text(),
    email: nullable(text()),
    phone: nullable(text()),
    damage: list(oneOf(DAMAGE_KINDS)),
    contactBy: nullable(oneOf(CONTACT_CHANNELS)),
    reachable: { type: "string", description: "When the customer is best reached, as written; empty when not said." },
    referencePicture: {
      ...nullable(answer({ id: text(), url: text(), description: text() })),
      description: "The gallery picture it is about (decision 022), or null.",
    },
    project: {
      ...nullable(answer({ slug: text(), url: text(), title: text() })),
      description: "The project page it came from (`/anfrage?projekt=<slug>`), or null.",
    },
    note: text(),
    mailStatus: oneOf(MAIL_STATUSES),
    createdAt: dateTime,
    updatedAt: dateTime,
    startedAt: nullable(dateTime),
    finishedAt: { ...nullable(dateTime), description: "„Fahrzeug fertig – kann abgeholt werden“, or null." },
    arrivedAt: { ...nullable(dateTime), description: "„Fahrzeug ist da“, or null." },
    collectedAt: { ...nullable(dateTime), description: "„Abgeholt“, or null." },
    customerAnsweredAt: { ...nullable(dateTime), description: "The customer's latest answer staff have not seen yet, or null." },
    step: { ...oneOf(JOB_STEPS), description: "Where the job stands (app/lib/job.ts)." },
    waitingOn: { ...nullable(oneOf(["werkstatt", "kunde"])), description: "Who has the next move, or null." },
    photos: list(answer({ id: text(), url: { type: "string", description: "Answers only with the token or a staff session." }, width: pixels, height: pixels })),
    quote: {
      ...nullable(
        answer({
          id: text(),
          version: wholeNumber({ minimum: 1 }),
          kind: oneOf(QUOTE_KINDS),
          items: list(quoteItemRef, { minItems: 1, maxItems: MAX_QUOTE_ITEMS }),
          totalGross: { ...wholeNumber({ minimum: 0 }), description: "Cents, incl. MwSt." },
          vat: { ...wholeNumber({ minimum: 0 }), description: "The MwSt. contained in totalGross, in cents." },
          validUntil: calendarDay,
          note: text(),
          createdAt: dateTime,
          acceptedAt: nullable(dateTime),
        }),
      ),
      description: "The current price (its latest version), or null (decision 021).",
    },
    appointment: nullable(
      answer({
        proposals: list(dateTime, { maxItems: MAX_PROPOSALS }),
        chosen: nullable(dateTime),
        confirmedAt: nullable(dateTime),
        declinedAt: { ...nullable(dateTime), description: "The customer's „Keiner passt“ or „Termin verschieben“: the dates are withdrawn." },
      }),
    ),
    customerNotified: {
      type: "object",
      description: "Per step reached, whether the customer has been told (decision 021).",
      propertyNames: oneOf(NOTICE_STEPS),
      additionalProperties: { type: "boolean" },
    },
    consent: {
      ...answer({
        photos: nullable(answer({ givenAt: dateTime, wording: { type: "string", description: "The sentence the customer ticked, word for word." } })),
        statement: nullable(
          answer({
            givenAt: dateTime,
            wording: { type: "string", description: "The sentence the customer ticked, word for word." },
            text: text(CONSENT_STATEMENT_MAX_LENGTH),
            shownName: { type: "string", description: "The name shown under it, as the customer chose: full name, initials or „Kundin/Kunde aus <Ort>“." },
          }),
        ),
      }),
      description: "What the customer allows to be shown on the website, each choice null unless given and not withdrawn (decision 025).",
    },
  }),
  Project: answer(
    {
      id: text(),
      slug: text(),
      url: { type: "string", description: "Its page: /referenz/projekt/<slug>." },
      title: text(),
      vehicle: text(),
      work: { type: "string", description: "What was done, one line per step." },
      material: text(),
      duration: text(),
      published: { type: "boolean" },
      publishedAt: { ...nullable(dateTime), description: "When first published, or null." },
      enquiryId: { ...nullable(text()), description: "The job it shows, or null: only with a valid token." },
      showStatement: { type: "boolean", description: "Staff chose to show the customer's statement: only with a valid token." },
      statement: {
        ...nullable(answer({ text: text(), shownName: text() })),
        description: "The customer's statement as shown: only while she agrees (decision 025) and staff chose to show it.",
      },
      cover: { ...nullable(projectPictureRef), description: "The picture of cards and link previews." },
      pictures: {
        ...list(projectPictureRef, { maxItems: MAX_PROJECT_PICTURES }),
        description: "In order. Without a token only those a page shows: the customer's only while she agrees.",
      },
      consent: {
        ...answer({ photos: { type: "boolean" }, statement: { type: "boolean" } }),
        description: "What the customer agreed to: only with a valid token.",
      },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
    ["enquiryId", "showStatement", "consent"],
  ),
  ProjectPicture: answer({
    id: { type: "string", description: "A reference picture's id, or (fromCustomer) an enquiry photo's." },
    role: oneOf(PROJECT_PICTURE_ROLES),
    fromCustomer: { type: "boolean", description: "The customer's own photo." },
    url: text(),
    width: pixels,
    height: pixels,
    sources: pictureSources,
  }),
  TrashEntry: answer({ id: text(), kind: oneOf(TRASH_KINDS), title: text(), deletedAt: dateTime, deletedBy: text() }),
  Restored: answer({ id: text(), kind: oneOf(TRASH_KINDS), title: text() }),
  LogItem: answer({
    id: wholeNumber(),
    at: dateTime,
    user: text(),
    action: oneOf(LOG_ACTIONS),
    kind: oneOf(Object.keys(ITEM_KIND_LABELS)),
    title: text(),
  }),
} satisfies Record<string, Schema>;

type SchemaName = keyof typeof schemas;

/** The refusals, each `{"error": string}` (README, "API"). */
const ERRORS = {
  400: "Invalid input or JSON (the message names the field).",
  401: "No or no valid `token` (a failed login: `Authentication failed`).",
  404: "Unknown id or path.",
  405: "Wrong method; `Allow` names the right one.",
  409: "A step that is done or not possible now.",
  413: "The request is too large.",
  415: "Not an accepted image, or a login that is not JSON.",
  429: "Too many attempts; `Retry-After` says when to try again.",
  503: "The database cannot be reached for a moment; `Retry-After` says when to try again.",
} as const;
type ErrorStatus = keyof typeof ERRORS;

type Access = "public" | "staff" | "token-optional";

interface ApiOperation {
  method: "GET" | "POST";
  summary: string;
  /** "staff": needs the `token` header; "token-optional": answers more with it. */
  access: Access;
  query?: { name: string; schema: Schema; description: string }[];
  body?: { json: Schema } | { multipart: Schema };
  answer: Schema;
  /** The refusals beyond those of every route (405, 503) and of its access and body. */
  errors?: ErrorStatus[];
}

const paging = (defaultLimit: number, maxLimit: number) => [
  { name: "startAt", schema: wholeNumber({ minimum: 0 }), description: "How many to skip (default 0)." },
  { name: "limit", schema: wholeNumber({ minimum: 1 }), description: `How many (default ${defaultLimit}, at most ${maxLimit}).` },
];

const byId = { json: payload({ id }) };
const newsFields = { title: text(TITLE_MAX_LENGTH), text: text(TEXT_MAX_LENGTH) };
const alertFields = { title: text(TITLE_MAX_LENGTH), text: text(TEXT_MAX_LENGTH), fromDate: dateTimeInput, toDate: dateTimeInput };
const specialHoursFields = { title: text(SPECIAL_HOURS_TITLE_MAX_LENGTH), hours: text(OPENING_HOURS_MAX_LENGTH), fromDate: calendarDay, toDate: calendarDay };
const week = payload(Object.fromEntries(WEEKDAYS.map(({ key }) => [key, text(OPENING_HOURS_MAX_LENGTH)])));
const referenceMetadata = payload(
  { filename: text(), description: text(DESCRIPTION_MAX_LENGTH), category: categories },
  [],
);

/** One entry per route of the route table (routes.server.ts types its table by these names). */
export const API_OPERATIONS = {
  "news/get": {
    method: "GET",
    summary: "News, newest first.",
    access: "public",
    query: paging(NEWS_PAGE_SIZE, NEWS_MAX_PAGE_SIZE),
    answer: list(ref("News")),
    errors: [400],
  },
  "news/save": { method: "POST", summary: "A new news item.", access: "staff", body: { json: payload(newsFields) }, answer: ref("News") },
  "news/update": {
    method: "POST",
    summary: "Changes a news item.",
    access: "staff",
    body: { json: payload({ id, newTitle: newsFields.title, newText: newsFields.text }) },
    answer: ref("News"),
    errors: [404],
  },
  "news/delete": { method: "POST", summary: "Moves a news item to the Papierkorb.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },

  "alert/get": {
    method: "GET",
    summary: "The important-information popups: the active ones, all with a token.",
    access: "token-optional",
    answer: list(ref("Alert")),
  },
  "alert/save": {
    method: "POST",
    summary: "A new alert; toDate after fromDate.",
    access: "staff",
    body: { json: payload(alertFields) },
    answer: ref("Alert"),
  },
  "alert/update": {
    method: "POST",
    summary: "Changes an alert.",
    access: "staff",
    body: {
      json: payload({ id, newTitle: alertFields.title, newText: alertFields.text, newFromDate: dateTimeInput, newToDate: dateTimeInput }),
    },
    answer: ref("Alert"),
    errors: [404],
  },
  "alert/delete": { method: "POST", summary: "Moves an alert to the Papierkorb.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },

  "opening/get": { method: "GET", summary: "The week's opening hours (defaults until first saved).", access: "public", answer: ref("OpeningHours") },
  "opening/save": {
    method: "POST",
    summary: "Saves the week's opening hours.",
    access: "staff",
    body: { json: payload({ date: week }) },
    answer: ref("OpeningHours"),
  },

  "opening/special/get": {
    method: "GET",
    summary: "Sonderzeiten, current and future ones, earliest first.",
    access: "public",
    query: paging(SPECIAL_HOURS_PAGE_SIZE, SPECIAL_HOURS_MAX_PAGE_SIZE),
    answer: list(ref("SpecialHours")),
    errors: [400],
  },
  "opening/special/save": {
    method: "POST",
    summary: "A new Sonderzeit; toDate not before fromDate, at most 366 days.",
    access: "staff",
    body: { json: payload(specialHoursFields) },
    answer: ref("SpecialHours"),
  },
  "opening/special/update": {
    method: "POST",
    summary: "Changes a Sonderzeit.",
    access: "staff",
    body: { json: payload({ id, ...specialHoursFields }) },
    answer: ref("SpecialHours"),
    errors: [404],
  },
  "opening/special/delete": {
    method: "POST",
    summary: "Moves a Sonderzeit to the Papierkorb.",
    access: "staff",
    body: byId,
    answer: ref("Deleted"),
    errors: [404],
  },

  "business/get": { method: "GET", summary: "The business record (decision 020).", access: "public", answer: ref("Business") },
  "business/update": {
    method: "POST",
    summary: "Changes any fields of the business record (`portrait` is ignored); answers the record as saved.",
    access: "staff",
    body: { json: { type: "object", description: "Any fields of the record, as `GET /business/get` answers them." } },
    answer: ref("Business"),
  },

  "reference/get": {
    method: "GET",
    summary: "Gallery pictures, newest first; `filename` only with a valid token.",
    access: "token-optional",
    query: [
      ...paging(REFERENCE_PAGE_SIZE, REFERENCE_MAX_PAGE_SIZE),
      { name: "category", schema: text(), description: "Only pictures of this category (any case)." },
    ],
    answer: answer({ reference: list(ref("Reference")), total: wholeNumber({ minimum: 0 }) }),
    errors: [400],
  },
  "reference/categories": {
    method: "GET",
    summary: "Category names: without a token only those with a picture.",
    access: "token-optional",
    answer: answer({ categories: list(text()) }),
  },
  "reference/save": {
    method: "POST",
    summary: "Uploads pictures (JPEG, PNG, WebP, AVIF, GIF; at most 15 MB each): all are stored, or none.",
    access: "staff",
    body: {
      multipart: {
        type: "object",
        properties: {
          images: list({ type: "string", contentMediaType: "application/octet-stream" }, { minItems: 1, maxItems: MAX_FILES_PER_UPLOAD }),
          metadata: {
            type: "string",
            contentMediaType: "application/json",
            contentSchema: { anyOf: [referenceMetadata, list(referenceMetadata)] },
            description: "JSON: one object for all files, or a list matched to the files by `filename`.",
          },
          display: { type: "string", contentMediaType: "application/octet-stream", description: "Sent by older clients; ignored." },
          thumbnail: { type: "string", contentMediaType: "application/octet-stream", description: "Sent by older clients; ignored." },
        },
        required: ["images"],
      },
    },
    answer: answer({ reference: list(ref("Reference")) }),
    errors: [413, 415],
  },
  "reference/update": {
    method: "POST",
    summary: "Changes a picture's description and categories; `featured` and `beforeId` only when given.",
    access: "staff",
    body: {
      json: payload(
        {
          id,
          description: text(DESCRIPTION_MAX_LENGTH),
          category: categories,
          featured: { type: "boolean", description: "„Auf der Startseite zeigen“." },
          beforeId: { ...nullable(id), description: "The „Vorher-Bild“'s id, null for none." },
        },
        ["id", "description"],
      ),
    },
    answer: ref("Reference"),
    errors: [404],
  },
  "reference/delete": { method: "POST", summary: "Moves a picture to the Papierkorb.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },

  "project/get": {
    method: "GET",
    summary: "Project pages: without a token the published ones (newest first), with one the drafts too (drafts first).",
    access: "token-optional",
    query: paging(PROJECT_PAGE_SIZE, PROJECT_MAX_PAGE_SIZE),
    answer: answer({ project: list(ref("Project")), total: wholeNumber({ minimum: 0 }) }),
    errors: [400],
  },
  "project/save": {
    method: "POST",
    summary: "Saves a project (new without `id`) with its pictures in order; answers it with its `slug` and `url`.",
    access: "staff",
    body: {
      json: payload(
        {
          id: { ...id, description: "Absent for a new project." },
          title: text(PROJECT_TITLE_MAX_LENGTH),
          vehicle: text(PROJECT_VEHICLE_MAX_LENGTH),
          work: text(PROJECT_WORK_MAX_LENGTH),
          material: text(PROJECT_MATERIAL_MAX_LENGTH),
          duration: text(PROJECT_DURATION_MAX_LENGTH),
          published: { type: "boolean", description: "Needs at least one picture." },
          statement: { type: "boolean", description: "Show the customer's statement (needs her consent); absent: unchanged." },
          pictures: {
            ...list(payload({ id, role: oneOf(PROJECT_PICTURE_ROLES) }), { maxItems: MAX_PROJECT_PICTURES }),
            description: "Reference pictures, or photos of the project's job (only with the customer's consent).",
          },
          enquiryId: { ...nullable(id), description: "The job it shows; null for none; absent: unchanged." },
        },
        ["title", "vehicle"],
      ),
    },
    answer: ref("Project"),
    errors: [404, 409],
  },
  "project/delete": { method: "POST", summary: "Moves a project to the Papierkorb.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },

  "enquiry/get": {
    method: "GET",
    summary: "Customers' enquiries, newest first; without `status` all but spam.",
    access: "staff",
    query: [
      { name: "status", schema: oneOf(ENQUIRY_STATUSES), description: "Only enquiries of this status." },
      ...paging(ENQUIRY_PAGE_SIZE, ENQUIRY_MAX_PAGE_SIZE),
    ],
    answer: list(ref("Enquiry")),
    errors: [400],
  },
  "enquiry/update": {
    method: "POST",
    summary: "Sets an enquiry's status and, when given, its note.",
    access: "staff",
    body: { json: payload({ id, status: oneOf(ENQUIRY_STATUSES), note: text(ENQUIRY_NOTE_MAX_LENGTH) }, ["id", "status"]) },
    answer: ref("Enquiry"),
    errors: [404],
  },
  "enquiry/quote": {
    method: "POST",
    summary: "A new version of the enquiry's price; 409 once a price is accepted or the enquiry is spam.",
    access: "staff",
    body: {
      json: payload(
        {
          id,
          kind: oneOf(QUOTE_KINDS),
          items: list(ref("QuoteItem"), { minItems: 1, maxItems: MAX_QUOTE_ITEMS }),
          validUntil: { ...calendarDay, description: "YYYY-MM-DD, today to a year ahead." },
          note: text(QUOTE_NOTE_MAX_LENGTH),
        },
        ["id", "kind", "items", "validUntil"],
      ),
    },
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/propose": {
    method: "POST",
    summary: "Proposes drop-off dates inside the opening hours; earlier proposals are withdrawn.",
    access: "staff",
    body: { json: payload({ id, slots: list(dateTimeInput, { minItems: 1, maxItems: MAX_PROPOSALS }) }) },
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/arrived": {
    method: "POST",
    summary: "„Fahrzeug ist da“ (app/lib/job.ts): from the drop-off day on, before it only with `early: true`; 409 out of order.",
    access: "staff",
    body: { json: payload({ id, early: { type: "boolean" } }, ["id"]) },
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/finish": {
    method: "POST",
    summary: "„Fahrzeug fertig – kann abgeholt werden“, only once the car is in the workshop; the customer's e-mail leaves after the undo window; 409 otherwise.",
    access: "staff",
    body: byId,
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/finish/undo": {
    method: "POST",
    summary: `Takes „fertig“ back within ${FINISH_UNDO_MINUTES} minutes; the customer hears nothing of it. 409 after that.`,
    access: "staff",
    body: byId,
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/collected": {
    method: "POST",
    summary: "„Abgeholt“: closes the job (status erledigt); only after „fertig“, 409 otherwise.",
    access: "staff",
    body: byId,
    answer: ref("Enquiry"),
    errors: [404, 409],
  },
  "enquiry/delete": { method: "POST", summary: "Moves an enquiry to the Papierkorb.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },

  "trash/get": {
    method: "GET",
    summary: "The Papierkorb, newest first (decision 016).",
    access: "staff",
    query: paging(TRASH_API_PAGE_SIZE, TRASH_API_MAX_PAGE_SIZE),
    answer: list(ref("TrashEntry")),
    errors: [400],
  },
  "trash/restore": {
    method: "POST",
    summary: "Puts an item back where it was.",
    access: "staff",
    body: byId,
    answer: ref("Restored"),
    errors: [404, 409],
  },
  "trash/delete": { method: "POST", summary: "Deletes an item for good.", access: "staff", body: byId, answer: ref("Deleted"), errors: [404] },
  "log/get": {
    method: "GET",
    summary: "The Verlauf, newest first.",
    access: "staff",
    query: [
      ...paging(LOG_PAGE_SIZE, LOG_MAX_PAGE_SIZE),
      { name: "user", schema: text(), description: "Only this staff member's entries." },
    ],
    answer: list(ref("LogItem")),
    errors: [400],
  },

  "auth/login": {
    method: "POST",
    summary: "A session token; JSON only (415 otherwise), 401 `Authentication failed`.",
    access: "public",
    body: { json: payload({ username: text(100), password: { type: "string", minLength: 1, maxLength: 1000 } }) },
    answer: answer({ token: text() }),
    errors: [401, 415, 429],
  },
  "auth/logout": { method: "POST", summary: "Ends the session of the `token` header.", access: "staff", answer: answer({}) },

  "openapi.json": { method: "GET", summary: "This document.", access: "public", answer: { type: "object", description: "OpenAPI 3.1" } },
} satisfies Record<string, ApiOperation>;

export type ApiRouteName = keyof typeof API_OPERATIONS;

/** The document may be cached: it changes only with a deploy. */
export const OPENAPI_MAX_AGE_SECONDS = 3600;

const errorResponse = (status: ErrorStatus) => ({ $ref: `#/components/responses/${status}` });

function operation(name: string, { summary, access, query = [], body, answer: answerSchema, errors = [] }: ApiOperation) {
  const refusals = new Set<ErrorStatus>([
    ...(body ? ([400, 413] as const) : []),
    ...(access === "staff" ? ([401] as const) : []),
    ...errors,
    405,
    503,
  ]);
  return {
    operationId: name.replace(/[/.]/g, "_"),
    summary,
    tags: [name.split("/")[0]],
    security: access === "staff" ? [{ token: [] }] : access === "token-optional" ? [{}, { token: [] }] : [],
    ...(query.length > 0 ? { parameters: query.map((parameter) => ({ ...parameter, in: "query", required: false })) } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: "json" in body ? { "application/json": { schema: body.json } } : { "multipart/form-data": { schema: body.multipart } },
          },
        }
      : {}),
    responses: {
      200: { description: "OK", content: { "application/json": { schema: answerSchema } } },
      ...Object.fromEntries([...refusals].sort().map((status) => [status, errorResponse(status)])),
    },
  };
}

const retryAfter = { "Retry-After": { description: "Seconds to wait.", schema: wholeNumber({ minimum: 0 }) } };

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.1",
  info: {
    title: "Autosattlerei API",
    version: "1",
    description:
      "The calls of the workshop's existing client (SPEC §7) and the staff's further ones. Writes and staff data need the header " +
      "`token: <token from /auth/login>`. Every refusal is `{\"error\": \"<German message>\"}`; a path not listed here answers 404.",
  },
  servers: [{ url: "/api/v1" }],
  paths: Object.fromEntries(
    Object.entries(API_OPERATIONS).map(([name, spec]) => [`/${name}`, { [spec.method.toLowerCase()]: operation(name, spec) }]),
  ),
  components: {
    schemas,
    securitySchemes: { token: { type: "apiKey", in: "header", name: "token", description: "The token from POST /auth/login." } },
    responses: Object.fromEntries(
      Object.entries(ERRORS).map(([status, description]) => [
        status,
        {
          description,
          ...(status === "405" ? { headers: { Allow: { description: "The method the path expects.", schema: { type: "string" } } } } : {}),
          ...(status === "429" || status === "503" ? { headers: retryAfter } : {}),
          content: { "application/json": { schema: ref("Error") } },
        },
      ]),
    ),
  },
};
