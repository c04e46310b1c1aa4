import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { addDays, formatDay, isCalendarDay, workshopDate } from "~/lib/dates";
import {
  CUSTOMER_MESSAGE_MAX_LENGTH,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_VERSIONS,
  MAX_QUOTE_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
  parseEuro,
  QUOTE_FORM,
  QUOTE_ITEM_TEXT_MAX_LENGTH,
  QUOTE_KINDS,
  QUOTE_MAX_VALID_DAYS,
  QUOTE_NOTE_MAX_LENGTH,
  formatEuro,
  quoteTotals,
} from "~/lib/quote";
import { HttpError } from "~/server/base/errors.server";
import { CUSTOMER_QUESTION_INTERVAL_MS, MAX_CUSTOMER_QUESTIONS } from "~/lib/limits";
import { isOneLine, isPlainText, newId, oneLineMessage, PLAIN_TEXT_MESSAGE, requiredText, validate, type Validated } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { customerMessages, enquiries, enquiryQuotes } from "~/server/db/schema";
import { type Actor, previousChanged, rowExists } from "../activity-log.server";
import { type Mailers, tellCustomer } from "./customer-mail.server";
import { type Enquiry, getEnquiry } from "./enquiries.server";
import { sendWorkshopNote } from "./enquiry-mail.server";
import { answerStatements, type EnquiryRef, keepsAnswers, stepStatements, toQuote } from "./enquiry-progress.server";
import { currentJob, refuseUnless } from "./job-flow.server";

/*
 * A price for an enquiry (decision 021): staff make a "Richtpreis" or an "Angebot" from line
 * items with gross prices, the customer accepts it or asks about it on the status page. A new
 * version replaces the current one until one is accepted; an accepted one stays as it is.
 */

const itemInput = z.object({
  text: requiredText("Die Bezeichnung", QUOTE_ITEM_TEXT_MAX_LENGTH).refine(isOneLine, oneLineMessage("Die Bezeichnung")),
  quantity: z
    .number({ required_error: "Die Menge fehlt.", invalid_type_error: "Die Menge muss eine ganze Zahl sein." })
    .int("Die Menge muss eine ganze Zahl sein.")
    .min(1, "Die Menge muss mindestens 1 sein.")
    .max(MAX_QUOTE_QUANTITY, `Die Menge darf höchstens ${MAX_QUOTE_QUANTITY} sein.`),
  unitPriceGross: z
    .number({ required_error: "Der Preis fehlt.", invalid_type_error: "Bitte einen Preis in Euro angeben, z. B. 129,00 (in der API in Cent: 12900)." })
    .int("Der Preis muss ein Betrag in ganzen Cent sein.")
    .positive("Der Preis muss größer als 0 € sein.")
    .max(MAX_UNIT_PRICE_CENTS, `Ein Einzelpreis darf höchstens ${formatEuro(MAX_UNIT_PRICE_CENTS)} betragen.`),
});

function quoteInput(today: string) {
  return z.object({
    kind: z.enum(QUOTE_KINDS, { errorMap: () => ({ message: "Bitte wählen: unverbindlicher Richtpreis oder verbindliches Angebot." }) }),
    items: z
      .array(itemInput, { required_error: "Bitte mindestens eine Position angeben.", invalid_type_error: "Die Positionen müssen eine Liste sein." })
      .min(1, "Bitte mindestens eine Position angeben.")
      .max(MAX_QUOTE_ITEMS, `Höchstens ${MAX_QUOTE_ITEMS} Positionen.`),
    validUntil: z
      .string({ required_error: "Das Gültigkeitsdatum fehlt.", invalid_type_error: "Das Gültigkeitsdatum muss ein Datum (JJJJ-MM-TT) sein." })
      .trim()
      .refine(isCalendarDay, "Das Gültigkeitsdatum muss ein Datum (JJJJ-MM-TT) sein.")
      .refine((day) => !isCalendarDay(day) || day >= today, "Das Gültigkeitsdatum darf nicht in der Vergangenheit liegen.")
      .refine((day) => !isCalendarDay(day) || day <= addDays(today, QUOTE_MAX_VALID_DAYS), "Ein Preis gilt höchstens ein Jahr."),
    note: z
      .string({ invalid_type_error: "Der Hinweis muss ein Text sein." })
      .trim()
      .max(QUOTE_NOTE_MAX_LENGTH, `Der Hinweis darf höchstens ${QUOTE_NOTE_MAX_LENGTH.toLocaleString("de-DE")} Zeichen lang sein.`)
      .optional()
      .default(""),
  });
}
export type QuoteInput = z.output<ReturnType<typeof quoteInput>>;

/**
 * The API's payload `{kind, items, validUntil, note}` checked, each message about a line naming
 * it ("Position 2: Der Preis muss größer als 0 € sein."). Field errors are keyed
 * `items.<index>.<field>`, which the staff form maps back to its rows.
 */
export function checkQuote(input: unknown, now = new Date()): Validated<QuoteInput> {
  const result = validate(quoteInput(workshopDate(now)), input);
  if (result.ok) return result;
  const named = (key: string, message: string) => {
    const line = /^items\.(\d+)\./.exec(key);
    return line ? `Position ${Number(line[1]) + 1}: ${message}` : message;
  };
  const fieldErrors = Object.fromEntries(Object.entries(result.fieldErrors).map(([key, message]) => [key, named(key, message)]));
  return { ok: false, fieldErrors, message: Object.values(fieldErrors)[0] ?? result.message };
}

/**
 * The editor's post as the API's payload: rows left empty are skipped, prices typed in euros
 * ("129,90") become cents, and a message about a line stands at that row's field.
 */
export function quoteFromForm(values: Record<string, string>, now = new Date()): Validated<QuoteInput> {
  const rows: number[] = [];
  for (let row = 0; row < MAX_QUOTE_ITEMS + 5; row++) {
    if ([QUOTE_FORM.text(row), QUOTE_FORM.quantity(row), QUOTE_FORM.price(row)].some((name) => (values[name] ?? "").trim() !== "")) rows.push(row);
  }
  const number = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  const items = rows.map((row) => ({
    text: values[QUOTE_FORM.text(row)] ?? "",
    quantity: (values[QUOTE_FORM.quantity(row)] ?? "").trim() === "" ? 1 : number(values[QUOTE_FORM.quantity(row)]),
    unitPriceGross: parseEuro(values[QUOTE_FORM.price(row)] ?? "") ?? Number.NaN,
  }));
  const result = checkQuote(
    { kind: values[QUOTE_FORM.kind], items, validUntil: values[QUOTE_FORM.validUntil], note: values[QUOTE_FORM.note] ?? "" },
    now,
  );
  if (result.ok) return result;
  const fieldNames: Record<string, (row: number) => string> = { text: QUOTE_FORM.text, quantity: QUOTE_FORM.quantity, unitPriceGross: QUOTE_FORM.price };
  const fieldErrors: Record<string, string> = {};
  for (const [key, message] of Object.entries(result.fieldErrors)) {
    const line = /^items\.(\d+)\.(\w+)$/.exec(key);
    const name = line ? fieldNames[line[2]]?.(rows[Number(line[1])]) : key === "items" ? QUOTE_FORM.text(0) : { kind: QUOTE_FORM.kind, validUntil: QUOTE_FORM.validUntil, note: QUOTE_FORM.note }[key];
    fieldErrors[name ?? key] ??= message;
  }
  return { ok: false, message: result.message, fieldErrors };
}

const ACCEPTED_IS_FINAL = "Das Angebot ist angenommen und kann nicht mehr geändert werden.";
const TOO_MANY_VERSIONS = `Diese Anfrage hat schon ${MAX_QUOTE_VERSIONS} Fassungen ihres Preises; eine weitere geht nicht. Bitte die Kundin oder den Kunden anrufen.`;

/**
 * A new version of the enquiry's price, made current; refused once one is accepted, and beyond
 * MAX_QUOTE_VERSIONS (both decided in the insert, so parallel saves cannot pass them). Stored with
 * the enquiry's progress and the Verlauf's entry in one batch; the customer hears of it by
 * e-mail after the answer.
 */
export async function saveQuote(db: Database, mailers: Mailers, actor: Actor, enquiryId: string, input: QuoteInput, now = new Date()): Promise<Enquiry> {
  const { enquiry, progress } = await currentJob(db, enquiryId);
  if (progress.quote?.acceptedAt) throw new HttpError(409, ACCEPTED_IS_FINAL);
  refuseUnless("preis", progress.step);
  const id = newId();
  const { totalGross, vat } = quoteTotals(input.items);
  const ofEnquiry = eq(enquiryQuotes.enquiryId, enquiryId);
  const stored = rowExists(enquiryQuotes, eq(enquiryQuotes.id, id));
  const [inserted] = await db.batch([
    db
      .insert(enquiryQuotes)
      .select(
        sql`select ${id}, ${enquiryId}, (select coalesce(max(${enquiryQuotes.version}), 0) + 1 from ${enquiryQuotes} where ${ofEnquiry}),
            ${input.kind}, ${JSON.stringify(input.items)}, ${totalGross}, ${vat}, ${input.validUntil}, ${input.note}, ${now.getTime()},
            ${actor.username}, null
            where ${rowExists(enquiries, and(eq(enquiries.id, enquiryId), isNull(enquiries.arrivedAt))!)}
            and not ${rowExists(enquiryQuotes, and(ofEnquiry, sql`${enquiryQuotes.acceptedAt} is not null`)!)}
            and (select count(*) from ${enquiryQuotes} where ${ofEnquiry}) < ${MAX_QUOTE_VERSIONS}`,
      )
      .returning({ id: enquiryQuotes.id }),
    ...stepStatements(db, actor, enquiry, "Preis erstellt", stored, now),
  ]);
  if (inserted.length === 0) throw new HttpError(409, (await currentQuote(db, enquiryId))?.acceptedAt ? ACCEPTED_IS_FINAL : TOO_MANY_VERSIONS);
  tellCustomer(db, mailers, enquiryId, "quote");
  return (await getEnquiry(db, enquiryId))!;
}

async function currentQuote(db: Database, enquiryId: string) {
  const row = await db.select().from(enquiryQuotes).where(eq(enquiryQuotes.enquiryId, enquiryId)).orderBy(desc(enquiryQuotes.version)).limit(1).get();
  return row ? toQuote(row) : null;
}

/**
 * The customer's "Angebot annehmen" for the version they saw (`quoteId`): refused when staff made
 * a newer one meanwhile, when it is no longer valid, or when it is accepted already — decided in
 * the update itself, so two parallel posts store one acceptance. The workshop gets an e-mail.
 */
export async function acceptQuote(db: Database, mailers: Mailers, enquiry: EnquiryRef, quoteId: string, now = new Date()): Promise<void> {
  const enquiryId = enquiry.id;
  const quote = await currentQuote(db, enquiryId);
  if (!quote) throw new HttpError(409, "Zu dieser Anfrage gibt es noch keinen Preis.");
  if (quote.id !== quoteId) throw new HttpError(409, "Der Preis wurde inzwischen geändert. Bitte sehen Sie sich die neue Fassung an.");
  if (quote.acceptedAt) throw new HttpError(409, "Sie haben dieses Angebot bereits angenommen.");
  if (quote.validUntil < workshopDate(now)) {
    throw new HttpError(409, `Dieser Preis galt bis ${formatDay(quote.validUntil)}. Bitte fragen Sie nach einem neuen – am einfachsten mit einer Rückfrage.`);
  }
  if (!keepsAnswers(enquiry)) return;
  const own = eq(enquiryQuotes.id, quoteId);
  const [updated] = await db.batch([
    db
      .update(enquiryQuotes)
      .set({ acceptedAt: now })
      .where(
        and(
          own,
          isNull(enquiryQuotes.acceptedAt),
          sql`${enquiryQuotes.version} = (select max(version) from ${enquiryQuotes} where ${enquiryQuotes.enquiryId} = ${enquiryId})`,
        ),
      )
      .returning({ id: enquiryQuotes.id }),
    // A Richtpreis binds no one: the Verlauf says what the customer did, as her button did.
    ...answerStatements(db, enquiry, quote.kind === "richtpreis" ? "Richtpreis bestätigt" : "Angebot angenommen", previousChanged, now, { restartsRetention: true }),
  ]);
  if (updated.length === 0) throw new HttpError(409, "Sie haben dieses Angebot bereits angenommen.");
  mailers.afterAnswer(() =>
    sendWorkshopNote(db, mailers.workshop, enquiryId, {
      what: quote.kind === "richtpreis" ? "Richtpreis bestätigt" : "Angebot angenommen",
      details: [`${formatEuro(quote.totalGross)} (Fassung ${quote.version}).`],
    }),
  );
}

/** A customer's message from the status page: required, at most `CUSTOMER_MESSAGE_MAX_LENGTH` characters, no control characters but line breaks. */
export const customerQuestion = z
  .string({ required_error: "Bitte schreiben Sie Ihre Frage.", invalid_type_error: "Bitte schreiben Sie Ihre Frage." })
  .trim()
  .min(1, "Bitte schreiben Sie Ihre Frage.")
  .max(CUSTOMER_MESSAGE_MAX_LENGTH, `Bitte höchstens ${CUSTOMER_MESSAGE_MAX_LENGTH.toLocaleString("de-DE")} Zeichen.`)
  .refine(isPlainText, PLAIN_TEXT_MESSAGE);

/** The enquiry's questions so far ("Rückfrage"). */
const questionsOf = (enquiryId: string) => and(eq(customerMessages.enquiryId, enquiryId), eq(customerMessages.kind, "rueckfrage"))!;

/**
 * When a question is taken, as one condition for the insert itself, so parallel posts cannot all
 * pass a check made before any of them writes (D1 runs statements one after another; the rule of
 * every limit here): the current price waits for an answer (not accepted), fewer than
 * `MAX_CUSTOMER_QUESTIONS` were asked, none in the last `CUSTOMER_QUESTION_INTERVAL_MS`.
 */
function questionTaken(enquiryId: string, now: Date): SQL {
  return sql`exists (select 1 from ${enquiryQuotes} where ${enquiryQuotes.enquiryId} = ${enquiryId} and ${enquiryQuotes.acceptedAt} is null
               and ${enquiryQuotes.version} = (select max(version) from ${enquiryQuotes} where ${enquiryQuotes.enquiryId} = ${enquiryId}))
             and (select count(*) from ${customerMessages} where ${questionsOf(enquiryId)}) < ${MAX_CUSTOMER_QUESTIONS}
             and not exists (select 1 from ${customerMessages} where ${questionsOf(enquiryId)}
               and ${customerMessages.createdAt} > ${now.getTime() - CUSTOMER_QUESTION_INTERVAL_MS})`;
}

/** Why a question is not taken now (the same rules as `questionTaken`, said in German), or null. */
async function questionRefusal(db: Database, enquiryId: string, now: Date): Promise<HttpError | null> {
  const quote = await currentQuote(db, enquiryId);
  if (!quote) return new HttpError(409, "Rückfragen gehen zu einem Preis – zu dieser Anfrage gibt es noch keinen. Wir melden uns; bis dahin erreichen Sie uns am Telefon.");
  if (quote.acceptedAt) return new HttpError(409, "Sie haben dieses Angebot bereits angenommen. Fragen dazu beantworten wir gern am Telefon.");
  const asked = await db.select({ at: customerMessages.createdAt }).from(customerMessages).where(questionsOf(enquiryId)).orderBy(desc(customerMessages.createdAt));
  if (asked.length >= MAX_CUSTOMER_QUESTIONS) {
    return new HttpError(409, `Sie haben uns schon ${MAX_CUSTOMER_QUESTIONS} Rückfragen zu diesem Preis geschickt. Bitte rufen Sie uns an – so klären wir den Rest am schnellsten.`);
  }
  const wait = asked.length > 0 ? asked[0].at.getTime() + CUSTOMER_QUESTION_INTERVAL_MS - now.getTime() : 0;
  if (wait > 0) {
    return new HttpError(429, "Bitte warten Sie eine Minute bis zur nächsten Rückfrage.", { "Retry-After": String(Math.ceil(wait / 1000)) });
  }
  return null;
}

/**
 * "Rückfrage stellen", only while a price waits for an answer, at most `MAX_CUSTOMER_QUESTIONS`
 * an enquiry and one a minute: stored with its time, shown to staff, in the Verlauf, and mailed to
 * the workshop. It changes neither the enquiry's status nor its retention (decision 007).
 */
export async function askAboutQuote(db: Database, mailers: Mailers, enquiry: EnquiryRef, text: string, now = new Date()): Promise<void> {
  const enquiryId = enquiry.id;
  const refusal = await questionRefusal(db, enquiryId, now);
  if (refusal) throw refusal;
  if (!keepsAnswers(enquiry)) return;
  const id = newId();
  const [inserted] = await db.batch([
    db
      .insert(customerMessages)
      .select(sql`select ${id}, ${enquiryId}, 'rueckfrage', ${text}, ${now.getTime()} where ${questionTaken(enquiryId, now)}`)
      .returning({ id: customerMessages.id }),
    ...answerStatements(db, enquiry, "Rückfrage gestellt", rowExists(customerMessages, eq(customerMessages.id, id)), now, { restartsRetention: false }),
  ]);
  // Another post took the place meanwhile: said as the check before would have said it.
  if (inserted.length === 0) throw (await questionRefusal(db, enquiryId, now)) ?? new HttpError(409, "Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.");
  mailers.afterAnswer(() => sendWorkshopNote(db, mailers.workshop, enquiryId, { what: "Rückfrage zum Preis", message: text }));
}
