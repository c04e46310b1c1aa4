import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/lib/enquiry";
import { CUSTOMER_MAIL_LIMIT } from "~/lib/limits";
import { HttpError } from "~/server/base/errors.server";
import type { Database } from "~/server/db/client.server";
import { enquiryAttempts } from "~/server/db/schema";
import { signed, verified } from "~/server/entities/site-keys.server";

/*
 * Spam checks of the enquiry form without a third-party service (decision 014): a signed
 * time token, a honeypot field, counting links, and a limit per address. Only the limit
 * refuses; everything else files the enquiry under "Spam", where staff can still see it.
 */

const MINUTE = 60_000;

/** A person needs longer than this to fill in the form; a robot posting at once does not. */
export const MIN_FILL_TIME_MS = 3000;
/** A token older than this is stale: long enough for a tab left open overnight. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * MINUTE;
/** More links than this in what a customer writes is what spam looks like. */
export const MAX_LINKS = 1;
/** Enquiries per address and window, spam and refused ones included. */
export const ENQUIRY_LIMIT = 5;
export const ENQUIRY_LIMIT_WINDOW_MS = 60 * MINUTE;
/** Enquiries with photos per window from everyone together; beyond it the text is still taken. */
export const PHOTO_ENQUIRY_LIMIT = 30;
export const PHOTOS_NOT_TAKEN =
  "Gerade kommen sehr viele Anfragen mit Fotos an, deshalb können wir Ihre Fotos im Moment nicht annehmen. Bitte senden Sie die Anfrage ohne Fotos – wir melden uns und fragen bei Bedarf nach Bildern.";

/** When the form was handed out (epoch ms), signed with the site's key so it cannot be made up. */
export function mintFormToken(db: Database, now = Date.now()): Promise<string> {
  return signed(db, "enquiry-form", String(now));
}

/** Why the token makes a submission look automated, or null for a person's. */
async function tokenProblem(db: Database, token: string, now: number): Promise<string | null> {
  if (!/^[\w:.-]{1,120}$/.test(token)) return "Zeitmarke fehlt oder ist unlesbar";
  const value = await verified(db, "enquiry-form", token);
  const issuedAt = value && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(issuedAt)) return "Zeitmarke gefälscht";
  if (now - issuedAt < MIN_FILL_TIME_MS) return "In weniger als 3 Sekunden ausgefüllt";
  if (now - issuedAt > FORM_TOKEN_MAX_AGE_MS) return "Zeitmarke abgelaufen";
  return null;
}

const LINK = /\bhttps?:\/\/|\bwww\./gi;

/**
 * Why a submission is filed under "Spam" (shown to staff), or null. `values` are the posted
 * fields as sent, `texts` what the customer wrote.
 */
export async function spamReason(
  db: Database,
  values: Record<string, string>,
  texts: string[],
  now = Date.now(),
): Promise<string | null> {
  if ((values[HONEYPOT_FIELD] ?? "").trim() !== "") return "Verstecktes Feld ausgefüllt";
  const links = texts.join("\n").match(LINK)?.length ?? 0;
  if (links > MAX_LINKS) return `${links} Links im Text`;
  return tokenProblem(db, values[FORM_TOKEN_FIELD] ?? "", now);
}

/** Addresses are kept only while they count: after the window they go (here, and daily by the scheduled handler). */
export async function forgetOldEnquiryAttempts(db: Database, now = new Date()): Promise<void> {
  await db.delete(enquiryAttempts).where(lte(enquiryAttempts.attemptedAt, new Date(now.getTime() - ENQUIRY_LIMIT_WINDOW_MS)));
}

/**
 * The site's own scope in the attempts table, beside the senders' addresses: every enquiry
 * whose photos are stored counts here, whoever sent it. No address is written like this.
 */
const PHOTO_ENQUIRIES_SCOPE = "alle-mit-fotos";

/**
 * Counts one more attempt in `scope` if fewer than `limit` are in the window — in one
 * statement, so parallel posts cannot all read the same count before any of them writes
 * (D1 runs statements one after another; the same rule as the login throttle). Returns null
 * when counted, else the seconds until the oldest counted attempt leaves the window.
 */
async function claimAttempt(db: Database, scope: string, limit: number, now: Date): Promise<number | null> {
  const windowStart = new Date(now.getTime() - ENQUIRY_LIMIT_WINDOW_MS);
  await forgetOldEnquiryAttempts(db, now);
  const claimed = await db.all<{ id: number }>(
    sql`insert into ${enquiryAttempts} (address, attempted_at) select ${scope}, ${now.getTime()}
        where (select count(*) from ${enquiryAttempts} where ${enquiryAttempts.address} = ${scope}
               and ${enquiryAttempts.attemptedAt} > ${windowStart.getTime()}) < ${limit} returning id`,
  );
  if (claimed.length > 0) return null;
  const [oldest] = await db
    .select({ at: enquiryAttempts.attemptedAt })
    .from(enquiryAttempts)
    .where(and(eq(enquiryAttempts.address, scope), gt(enquiryAttempts.attemptedAt, windowStart)))
    .orderBy(asc(enquiryAttempts.attemptedAt))
    .limit(1);
  return Math.max(1, Math.ceil(((oldest?.at.getTime() ?? now.getTime()) + ENQUIRY_LIMIT_WINDOW_MS - now.getTime()) / 1000));
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "einer Minute" : `${minutes} Minuten`;
};

/**
 * Counts this enquiry against its sender (an address, or an IPv6 /64), or refuses it with 429
 * and `Retry-After`. Called before a byte of the post is read, so a sender over the limit
 * costs a query, not the parsing of a 60 MB form.
 */
export async function claimEnquirySlot(db: Database, address: string, now = new Date()): Promise<void> {
  const retryAfterSeconds = await claimAttempt(db, address, ENQUIRY_LIMIT, now);
  if (retryAfterSeconds === null) return;
  throw new HttpError(
    429,
    `Von Ihrem Anschluss kamen in der letzten Stunde schon ${ENQUIRY_LIMIT} Anfragen. Bitte versuchen Sie es in ${inMinutes(retryAfterSeconds)} erneut oder rufen Sie uns an.`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/**
 * Counts an enquiry whose photos are about to be stored against the site-wide ceiling, or
 * refuses its photos with 429: each one costs the worker seconds of decoding and the bucket
 * its files, and a crowd of senders each under its own limit could otherwise fill both. Text
 * alone is always taken.
 */
export async function claimPhotoEnquirySlot(db: Database, now = new Date()): Promise<void> {
  const retryAfterSeconds = await claimAttempt(db, PHOTO_ENQUIRIES_SCOPE, PHOTO_ENQUIRY_LIMIT, now);
  if (retryAfterSeconds === null) return;
  throw new HttpError(429, PHOTOS_NOT_TAKEN, { "Retry-After": String(retryAfterSeconds) });
}

/** The customer's answers on a status page (accept, ask, choose a date) per address and window. */
export const STATUS_PAGE_POST_LIMIT = 20;

/**
 * Counts a post of a status page's forms against its sender (in a scope of its own, beside the
 * enquiries), or refuses it with 429: a page's answers are few, a script's are many.
 */
export async function claimStatusPagePost(db: Database, address: string, now = new Date()): Promise<void> {
  const retryAfterSeconds = await claimAttempt(db, `statusseite:${address}`, STATUS_PAGE_POST_LIMIT, now);
  if (retryAfterSeconds === null) return;
  throw new HttpError(
    429,
    `Von Ihrem Anschluss kamen in der letzten Stunde schon ${STATUS_PAGE_POST_LIMIT} Antworten. Bitte versuchen Sie es in ${inMinutes(retryAfterSeconds)} erneut oder rufen Sie uns an.`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** The site's own scope for its e-mails to customers, beside the photo ceiling's; no address is written like this. */
const CUSTOMER_MAILS_SCOPE = "alle-kunden-mails";

/**
 * Counts one more e-mail to a customer against the site-wide ceiling (`CUSTOMER_MAIL_LIMIT` an
 * hour), or answers false: a crowd of senders, each under its own limit, must not make the
 * workshop's domain write to any number of addresses. The step then waits for staff (decision 021).
 */
export async function claimCustomerMailSlot(db: Database, now = new Date()): Promise<boolean> {
  return (await claimAttempt(db, CUSTOMER_MAILS_SCOPE, CUSTOMER_MAIL_LIMIT, now)) === null;
}
