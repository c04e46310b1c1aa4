import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type BusinessRecord,
  PROMISE_COUNT,
  PROMISE_TEXT_MAX_LENGTH,
  PROMISE_TITLE_MAX_LENGTH,
  promiseFieldName,
  TRUST_ITEM_MAX_LENGTH,
  TRUST_MAX_ITEMS,
  trustFieldName,
  WEBSITE_PASSWORD_FIELD,
} from "~/lib/business";
import { dialNumber } from "~/lib/phone";
import { BUSINESS_FIELDS, type BusinessSectionId, type FieldSpec, missingForImpressum, type ScalarKey, sectionKeys } from "~/lib/business-fields";
import { workshopDate } from "~/lib/dates";
import { DEMO_BUSINESS } from "~/lib/site-config";
import { badRequest, HttpError, notFound } from "~/server/base/errors.server";
import { type FieldErrors, type Validated, validate } from "~/server/base/validation.server";
import { type Database, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { business, businessPortraits, users, websiteChangeNotices } from "~/server/db/schema";
import { imageUrl } from "~/server/images/keys.server";
import { type ImageFile, type PictureStorage, storePictures } from "~/server/images/pictures.server";
import { parseRenditionWidths, type PictureSource, renditionSources } from "~/server/images/renditions.server";
import { noteDeletions, removeFiles, storedKeys } from "~/server/images/storage.server";
import { type Actor, logStatement } from "./activity-log.server";
import { type CheckOrigin, confirmPassword, type StaffUser } from "./staff-accounts.server";

/*
 * The workshop's business record (decision 020): name, contact, the Impressum's fields, the
 * home page's words and the master's portrait, kept by staff at /intern/betrieb and by the API.
 * Every public page reads it in the shell's batch (`businessRead`); a field never saved is the
 * demo's (lib/site-config.ts). A save is one D1 batch with its Verlauf entry and empties the edge cache.
 */

const SINGLE_ROW_ID = 1;

/** What a page shows of the portrait: only once its renditions exist, like a reference (decision 011). */
export interface PortraitPicture {
  url: string;
  width: number | null;
  height: number | null;
  sources: PictureSource[];
}

/** The record as every page and `GET /api/v1/business/get` read it. */
export interface Business extends BusinessRecord {
  portrait: PortraitPicture | null;
}

/* Validation: one German message per field, at the field. */

/** One-line fields: no line break, tab or other control character (they would break a header, a JSON-LD line or a layout). */
const LINE_UNSAFE = /[\p{Cc}\u2028\u2029]/u;
/** Several-line fields keep their line breaks, nothing else of the kind. */
const TEXT_UNSAFE = /(?!\n)[\p{Cc}\u2028\u2029]/u;
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
const VAT_ID = /^DE\d{9}$/;
const FIRST_YEAR = 1800;

function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What a text field's check needs of its spec (the promises and trust items have no spec of their own). */
type TextSpec = Pick<FieldSpec, "label" | "kind" | "maxLength" | "required">;

/** The format check of a non-empty value: a message, or null when it is fine. */
function formatProblem(spec: TextSpec, value: string): string | null {
  switch (spec.kind) {
    case "url":
      return isHttpsLink(value) ? null : `${spec.label}: Bitte einen Link angeben, der mit https:// beginnt.`;
    case "website":
      return isHttpsLink(value) && new URL(value).pathname === "/" && !new URL(value).search
        ? null
        : `${spec.label}: Bitte nur die Adresse der Startseite angeben, mit https://, z. B. https://www.autosattlerei-koeln.de`;
    case "phone":
      return dialNumber(value)
        ? null
        : `${spec.label}: Diese Nummer lässt sich nicht wählen. Bitte nur Ziffern, mit Vorwahl, z. B. 0221 123456-0.`;
    case "email":
      return EMAIL.test(value) ? null : `${spec.label}: Bitte eine gültige E-Mail-Adresse angeben, z. B. info@beispiel.de.`;
    case "postcode":
      return /^\d{5}$/.test(value) ? null : "Die PLZ besteht aus 5 Ziffern.";
    case "vat":
      return VAT_ID.test(value) ? null : "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789.";
    default:
      return null;
  }
}

/** How a value is kept: trimmed, a text's line ends as \n, an id without spaces, a website as its origin. */
function normalized(spec: TextSpec, value: string): string {
  const trimmed = (spec.kind === "text" ? value.replace(/\r\n?/g, "\n") : value).trim();
  if (spec.kind === "vat") return trimmed.replace(/\s/g, "").toUpperCase();
  if (spec.kind === "website" && isHttpsLink(trimmed)) return new URL(trimmed).origin;
  return trimmed;
}

function textField(spec: TextSpec) {
  return z
    .string({ required_error: `${spec.label} fehlt.`, invalid_type_error: `${spec.label} muss ein Text sein.` })
    .transform((value, context) => {
      const unsafe = spec.kind === "text" ? TEXT_UNSAFE : LINE_UNSAFE;
      const kept = normalized(spec, value);
      const problem = unsafe.test(kept)
        ? `${spec.label} darf keine ${spec.kind === "text" ? "" : "Zeilenumbrüche oder "}Steuerzeichen enthalten.`
        : kept.length > spec.maxLength
          ? `${spec.label} darf höchstens ${spec.maxLength} Zeichen lang sein.`
          : kept === ""
            ? spec.required
              ? `${spec.label} darf nicht leer sein.`
              : null
            : formatProblem(spec, kept);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      return kept;
    });
}

/** A year or a coordinate: a number, or text as typed in the form (a decimal comma too); empty is none. */
function numberField(spec: FieldSpec, { min, max, whole }: { min: number; max: () => number; whole: boolean }) {
  return z
    .union([z.number(), z.string(), z.null()], { invalid_type_error: `${spec.label} muss eine Zahl sein.` })
    .transform((value, context) => {
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      const number = typeof value === "number" ? value : Number(value.trim().replace(",", "."));
      if (!Number.isFinite(number) || number < min || number > max() || (whole && !Number.isInteger(number))) {
        const range = whole ? `ein Jahr zwischen ${min} und ${max()}` : `eine Zahl zwischen ${min} und ${max()}`;
        context.addIssue({ code: z.ZodIssueCode.custom, message: `${spec.label}: Bitte ${range} angeben.` });
        return null;
      }
      return number;
    });
}

function fieldSchema(spec: FieldSpec) {
  switch (spec.kind) {
    case "year":
      return numberField(spec, { min: FIRST_YEAR, max: () => Number(workshopDate(new Date()).slice(0, 4)), whole: true });
    case "latitude":
      return numberField(spec, { min: -90, max: () => 90, whole: false });
    case "longitude":
      return numberField(spec, { min: -180, max: () => 180, whole: false });
    default:
      return textField(spec);
  }
}

/**
 * A list whose items are checked one by one with their own German label (`item(index)`), so a
 * message names "Versprechen 3" or "Vertrauenspunkt 2" and lands at that item's field.
 */
function listField<T>(item: (index: number) => z.ZodType<T, z.ZodTypeDef, unknown>, messages: { type: string; size: string }, size: (items: unknown[]) => boolean) {
  return z
    .array(z.unknown(), { required_error: messages.type, invalid_type_error: messages.type })
    .refine(size, messages.size)
    .transform((items, context) =>
      items.map((value, index) => {
        const result = item(index).safeParse(value);
        if (result.success) return result.data;
        for (const issue of result.error.issues) context.addIssue({ ...issue, path: [index, ...issue.path] });
        return z.NEVER;
      }),
    );
}

const promiseLabel = (index: number) => `Versprechen ${index + 1}`;

const promisesSchema = listField(
  (index) =>
    z.object(
      {
        title: textField({ label: `${promiseLabel(index)}: Titel`, kind: "line", maxLength: PROMISE_TITLE_MAX_LENGTH, required: true }),
        text: textField({ label: `${promiseLabel(index)}: Text`, kind: "line", maxLength: PROMISE_TEXT_MAX_LENGTH, required: true }),
      },
      { invalid_type_error: `${promiseLabel(index)} braucht Titel und Text.` },
    ),
  {
    type: `Die Versprechen sind eine Liste von ${PROMISE_COUNT} Einträgen mit Titel und Text.`,
    size: `Es sind genau ${PROMISE_COUNT} Versprechen, jedes mit Titel und Text.`,
  },
  (items) => items.length === PROMISE_COUNT,
);

/** Up to five short items; empty ones (the form's unused fields) are left out. */
const trustSchema = listField(
  (index) => textField({ label: `Vertrauenspunkt ${index + 1}`, kind: "line", maxLength: TRUST_ITEM_MAX_LENGTH }),
  { type: "Der Vertrauensstreifen ist eine Liste von Texten.", size: `Der Vertrauensstreifen hat höchstens ${TRUST_MAX_ITEMS} Punkte.` },
  (items) => items.length <= TRUST_MAX_ITEMS,
).transform((items) => items.filter((item) => item !== ""));

const scalarShape = Object.fromEntries(BUSINESS_FIELDS.map((spec) => [spec.key, fieldSchema(spec)])) as unknown as {
  [K in ScalarKey]: z.ZodType<BusinessRecord[K], z.ZodTypeDef, unknown>;
};

const recordShape = { ...scalarShape, promises: promisesSchema, trust: trustSchema };

/** The rules that join two fields, where both are checked (the whole record, or the section that holds both). */
function pairRules(record: Partial<BusinessRecord>, context: z.RefinementCtx) {
  if ("latitude" in record && "longitude" in record && (record.latitude === null) !== (record.longitude === null)) {
    const missing = record.latitude === null ? "latitude" : "longitude";
    context.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: "Bitte Breiten- und Längengrad angeben, oder beide leer lassen." });
  }
  if ("registerCourt" in record && "registerNumber" in record && (record.registerCourt === "") !== (record.registerNumber === "")) {
    const missing = record.registerCourt === "" ? "registerCourt" : "registerNumber";
    context.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: "Registergericht und Registernummer gehören zusammen." });
  }
}

/** Every field of the record, with the rules that join two of them. */
export const businessInput: z.ZodType<BusinessRecord, z.ZodTypeDef, unknown> = z
  .object(recordShape, { invalid_type_error: "Die Anfrage muss ein JSON-Objekt sein." })
  .superRefine(pairRules);

const RECORD_KEYS = [...BUSINESS_FIELDS.map((spec) => spec.key), "promises", "trust"] as const satisfies readonly (keyof BusinessRecord)[];

/** What the staff form posts, as the record's shape: the promises and the trust strip from their numbered fields. */
function recordFromForm(values: Record<string, string>): Record<string, unknown> {
  return {
    ...Object.fromEntries(BUSINESS_FIELDS.map((spec) => [spec.key, values[spec.key]])),
    promises: Array.from({ length: PROMISE_COUNT }, (_, index) => ({
      title: values[promiseFieldName(index, "title")],
      text: values[promiseFieldName(index, "text")],
    })),
    trust: Array.from({ length: TRUST_MAX_ITEMS }, (_, index) => values[trustFieldName(index)] ?? ""),
  };
}

/** "promises.0.title" → "promise1Title", "trust.2" → "trust3": where the form shows a message. */
function formFieldOf(path: string): string {
  const [list, index, part] = path.split(".");
  if (list === "promises" && index !== undefined) return part === "text" ? promiseFieldName(Number(index), "text") : promiseFieldName(Number(index), "title");
  if (list === "trust" && index !== undefined) return trustFieldName(Number(index));
  return path;
}

/**
 * The staff form's check of one section (issue 39): its fields only, by the same rules as the
 * whole record, each message at its field. A field of another section is neither read nor judged.
 */
export function checkBusinessSection(section: BusinessSectionId, values: Record<string, string>): Validated<Partial<BusinessRecord>> {
  const keys = sectionKeys(section);
  const schema = z
    .object(recordShape)
    .pick(Object.fromEntries(keys.map((key) => [key, true])) as { [K in keyof BusinessRecord]?: true })
    .superRefine(pairRules) as z.ZodType<Partial<BusinessRecord>, z.ZodTypeDef, unknown>;
  const posted = recordFromForm(values);
  const result = validate(schema, Object.fromEntries(keys.map((key) => [key, posted[key]])));
  if (result.ok) return result;
  const fieldErrors: FieldErrors = {};
  for (const [path, message] of Object.entries(result.fieldErrors)) fieldErrors[formFieldOf(path)] ??= message;
  return { ...result, fieldErrors };
}

/* Reading: one query, in the shell's batch. */

const businessQuery = queryTemplate((db) =>
  db
    .select({ data: business.data, portrait: businessPortraits })
    .from(business)
    .leftJoin(businessPortraits, eq(businessPortraits.id, business.portraitId))
    .where(eq(business.id, SINGLE_ROW_ID))
    .limit(1),
);

type BusinessRow = { data: string; portrait: typeof businessPortraits.$inferSelect | null } | undefined;

/** The saved fields over the demo's; a field the record does not know (any more) is ignored. */
function recordOf(row: BusinessRow): BusinessRecord {
  const saved = row ? (JSON.parse(row.data) as Partial<BusinessRecord>) : {};
  return Object.fromEntries(RECORD_KEYS.map((key) => [key, key in saved ? saved[key] : DEMO_BUSINESS[key]])) as unknown as BusinessRecord;
}

function portraitOf(row: BusinessRow): PortraitPicture | null {
  const portrait = row?.portrait;
  if (!portrait || portrait.renditionWidths === null) return null;
  const { id, imageKey, width, height, renditionWidths } = portrait;
  return { url: imageUrl(imageKey), width, height, sources: renditionSources("portrait", id, parseRenditionWidths(renditionWidths)) };
}

/** For the public shell's batch (and the API): the record and the portrait once it can be shown. */
export function businessRead(db: Database): Read<Business> {
  return prepareRead(businessQuery(db), ([row]) => ({ ...recordOf(row), portrait: portraitOf(row) }));
}

export function getBusiness(db: Database): Promise<Business> {
  return readOnce(db, businessRead(db));
}

/** What the staff page shows of the portrait: also while its renditions are being made. */
export async function getPortraitForStaff(db: Database): Promise<{ url: string; preparing: boolean } | null> {
  const [row] = await businessQuery(db);
  if (!row?.portrait) return null;
  return { url: imageUrl(row.portrait.imageKey), preparing: row.portrait.renditionWidths === null };
}

/** The fields the Impressum still needs (empty or the demo's stand-in), for the staff start page and the form. */
export async function businessGaps(db: Database): Promise<{ key: ScalarKey; label: string }[]> {
  return missingForImpressum(await getBusiness(db), DEMO_BUSINESS).map(({ key, label }) => ({ key, label }));
}

/* Writing. */

const LIST_LABELS = { promises: "Versprechen", trust: "Vertrauensstreifen" } as const;

const labelOf = (key: keyof BusinessRecord) =>
  key === "promises" || key === "trust" ? LIST_LABELS[key] : (BUSINESS_FIELDS.find((spec) => spec.key === key)?.label ?? key);

/** The Verlauf's title: which fields a save changed. */
function changeTitle(before: BusinessRecord, after: Partial<BusinessRecord>, keys: readonly (keyof BusinessRecord)[]): string {
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return changed.length === 0 ? "Betriebsdaten (unverändert)" : `Betriebsdaten: ${changed.map(labelOf).join(", ")}`;
}

/** `data` with `keys` set to the record's values, in SQL: other fields stay as stored, even if another save changed them meanwhile. */
function withFields(record: Partial<BusinessRecord>, keys: readonly (keyof BusinessRecord)[]): SQL {
  const pairs = keys.map((key) => sql`${`$.${key}`}, json(${JSON.stringify(record[key])})`);
  return sql`json_set(${business.data}, ${sql.join(pairs, sql`, `)})`;
}

export const WEBSITE_NEEDS_PASSWORD =
  "Die Adresse der Website steht in jedem Link an Kunden. Bitte bestätigen Sie die Änderung mit Ihrem Passwort.";
const WRONG_PASSWORD = "Das Passwort stimmt nicht.";

/** Who saves, and what a change of the website address needs: the password typed again, and where the check comes from (counted like a login). */
export interface BusinessSaver {
  user: StaffUser;
  password: string | undefined;
  origin: CheckOrigin;
}

/**
 * Saves `keys` of a checked record (a section's from the form, those sent from the API) in one
 * D1 batch with its Verlauf entry. A new website address — every customer link is built from it —
 * needs the saver's password again, and is noted for every other active colleague's start page
 * in the same batch. Answers the record as saved.
 */
async function saveFields(db: Database, { user, password, origin }: BusinessSaver, record: Partial<BusinessRecord>, keys: readonly (keyof BusinessRecord)[]): Promise<Business> {
  const before = await getBusiness(db);
  const now = new Date();
  const websiteChanged = keys.includes("website") && record.website !== before.website;
  if (websiteChanged) {
    if (!password) throw new HttpError(400, WEBSITE_NEEDS_PASSWORD);
    await confirmPassword(db, user, password, origin, WRONG_PASSWORD, now);
  }
  const saved = Object.fromEntries(keys.map((key) => [key, record[key]]));
  await db.batch([
    db
      .insert(business)
      .values({ id: SINGLE_ROW_ID, data: JSON.stringify(saved), updatedAt: now })
      .onConflictDoUpdate({ target: business.id, set: { data: withFields(record, keys), updatedAt: now } }),
    logStatement(db, user, { action: "geändert", kind: "business", title: changeTitle(before, record, keys) }, { at: now }),
    ...(websiteChanged
      ? [
          db
            .insert(websiteChangeNotices)
            .select(
              sql`select null, ${users.id}, ${before.website}, ${record.website}, ${user.username}, ${now.getTime()} from ${users} where ${users.disabledAt} is null and ${users.id} <> ${user.id}`,
            ),
        ]
      : []),
  ]);
  await db.contentChanged();
  return getBusiness(db);
}

/** One section of the staff form, checked by `checkBusinessSection`: only its fields; the others stay as stored. */
export function saveBusinessSection(db: Database, saver: BusinessSaver, section: BusinessSectionId, values: Partial<BusinessRecord>): Promise<Business> {
  return saveFields(db, saver, values, sectionKeys(section));
}

/**
 * `POST /api/v1/business/update`: the fields sent, over the record as it is; checked as a whole
 * (a coordinate without its partner is refused), saved only the fields sent. A new `website`
 * needs the token's account's `password` beside it (400 without, or when it is wrong).
 */
export async function updateBusiness(db: Database, user: StaffUser, origin: CheckOrigin, patch: unknown): Promise<Business> {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) throw badRequest("Die Anfrage muss ein JSON-Objekt sein.");
  const keys = RECORD_KEYS.filter((key) => Object.hasOwn(patch, key));
  if (keys.length === 0) throw badRequest("Die Anfrage enthält kein Feld der Betriebsdaten.");
  const { portrait: _shownOnly, ...current } = await getBusiness(db);
  const result = validate(businessInput, { ...current, ...patch });
  if (!result.ok) throw badRequest(result.message);
  const password = (patch as Record<string, unknown>)[WEBSITE_PASSWORD_FIELD];
  return saveFields(db, { user, password: typeof password === "string" ? password : undefined, origin }, result.value, keys);
}

/* A new website address on the colleagues' start pages. */

export interface WebsiteChange {
  id: number;
  previous: string;
  website: string;
  changedBy: string;
  changedAt: Date;
}

/** The changes of the website address `userId` has not dismissed yet, oldest first. */
export function websiteChangesFor(db: Database, userId: number): Promise<WebsiteChange[]> {
  return db
    .select({
      id: websiteChangeNotices.id,
      previous: websiteChangeNotices.previous,
      website: websiteChangeNotices.website,
      changedBy: websiteChangeNotices.changedBy,
      changedAt: websiteChangeNotices.changedAt,
    })
    .from(websiteChangeNotices)
    .where(eq(websiteChangeNotices.userId, userId))
    .orderBy(asc(websiteChangeNotices.id));
}

/** "Gesehen": the change leaves `userId`'s start page (only their own note of it). */
export async function dismissWebsiteChange(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(websiteChangeNotices)
    .where(and(eq(websiteChangeNotices.id, id), eq(websiteChangeNotices.userId, userId)))
    .returning({ id: websiteChangeNotices.id });
  if (gone.length === 0) throw notFound("Dieser Hinweis ist schon erledigt.");
}

/* The portrait. */

/** The current portrait's id and files, which a new one or "Porträt entfernen" deletes. */
async function currentPortrait(db: Database, bucket: R2Bucket): Promise<{ id: string | null; keys: string[] }> {
  const row = await db.select({ id: business.portraitId }).from(business).where(eq(business.id, SINGLE_ROW_ID)).get();
  const id = row?.id ?? null;
  return { id, keys: id ? await storedKeys(bucket, "portrait", id) : [] };
}

/**
 * A new portrait through the picture pipeline (checked by its bytes, re-encoded without EXIF or
 * GPS, renditions after the answer). Its row, the record's link to it, the old portrait's
 * deletion and the Verlauf entry are one batch; the old files go after it.
 */
export async function savePortrait(db: Database, actor: Actor, storage: PictureStorage, file: ImageFile | undefined): Promise<void> {
  if (!file) throw new HttpError(400, "Bitte ein Foto auswählen.");
  const old = await currentPortrait(db, storage.bucket);
  const now = new Date();
  await storePictures(db, storage, "portrait", [file], ([picture]) => [
    db.insert(businessPortraits).values({ ...picture, createdAt: now }),
    db
      .insert(business)
      .values({ id: SINGLE_ROW_ID, portraitId: picture.id, updatedAt: now })
      .onConflictDoUpdate({ target: business.id, set: { portraitId: picture.id, updatedAt: now } }),
    // Any other portrait row, also one a parallel upload left: the daily sweep removes its files.
    db.delete(businessPortraits).where(ne(businessPortraits.id, picture.id)),
    ...(old.keys.length ? [noteDeletions(db, old.keys, now)] : []),
    logStatement(db, actor, { action: old.id ? "geändert" : "angelegt", kind: "business", title: "Porträt des Meisters" }, { at: now }),
  ]);
  await removeFiles(db, storage.bucket, old.keys);
  await db.contentChanged();
}

export async function removePortrait(db: Database, actor: Actor, bucket: R2Bucket): Promise<void> {
  const old = await currentPortrait(db, bucket);
  if (!old.id) throw new HttpError(404, "Es ist kein Porträt gespeichert.");
  const now = new Date();
  await db.batch([
    db.delete(businessPortraits).where(eq(businessPortraits.id, old.id)),
    ...(old.keys.length ? [noteDeletions(db, old.keys, now)] : []),
    logStatement(db, actor, { action: "gelöscht", kind: "business", title: "Porträt des Meisters" }, { at: now }),
  ]);
  await removeFiles(db, bucket, old.keys);
  await db.contentChanged();
}
