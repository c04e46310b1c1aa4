import { eq } from "drizzle-orm";
import { absoluteUrl } from "~/lib/seo";
import { statusPagePath } from "~/lib/site-areas";
import { randomBytes, sha256Hex, toBase64Url } from "~/server/base/encoding.server";
import type { Database } from "~/server/db/client.server";
import { enquiries, enquiryStatusLinks } from "~/server/db/schema";
import { type Actor, logStatement, rowExists } from "../activity-log.server";

/*
 * The customer's private link to an enquiry's status page (decision 021): 160 random bits in the
 * address, only their SHA-256 in D1, so neither a copy of the database nor the Verlauf can open a
 * page. The server cannot show a link again once it has handed it out; every message to the
 * customer therefore gets a new one, and all of them end with the enquiry (its retention period,
 * or its deletion), or STATUS_LINK_WEEKS_AFTER_CLOSE after the job closed, and all at once when
 * staff replace them ("Neuen Link senden"). Whether the enquiry is still kept is the caller's to
 * check (enquiry-progress.server.ts).
 */

/** 20 bytes: 160 bits, more than the 128 that make guessing hopeless. */
const TOKEN_BYTES = 20;
/** 20 bytes as base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{27}$/;

/** What a link that does not (or no longer) open a page says, with 404. */
export const STATUS_LINK_GONE = "Dieser Link ist nicht mehr gültig.";

/** What a link that ended after its job closed says, with 404. */
export const STATUS_LINK_EXPIRED = "Dieser Link ist abgelaufen.";

/** A link ends this long after its job closed, or after it was made if that was later (issue 37): a forwarded e-mail stops acting for the customer. */
export const STATUS_LINK_WEEKS_AFTER_CLOSE = 8;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** When a link made at `createdAt` ends, for a job closed at `closedAt` (ISO); null while the job is open. */
export function statusLinkEnd(closedAt: string | null, createdAt: Date): Date | null {
  if (!closedAt) return null;
  return new Date(Math.max(new Date(closedAt).getTime(), createdAt.getTime()) + STATUS_LINK_WEEKS_AFTER_CLOSE * WEEK_MS);
}

/** A new token and its row, for the batch that stores it with what it belongs to. */
export async function newStatusLink(db: Database, enquiryId: string, now: Date) {
  const token = toBase64Url(randomBytes(TOKEN_BYTES));
  const insert = db.insert(enquiryStatusLinks).values({ tokenHash: await sha256Hex(token), enquiryId, createdAt: now });
  return { token, insert };
}

/** A new link of an existing enquiry, stored at once: for a message to the customer. Returns the token. */
export async function mintStatusLink(db: Database, enquiryId: string, now = new Date()): Promise<string> {
  const { token, insert } = await newStatusLink(db, enquiryId, now);
  await insert;
  return token;
}

/** The status page's full address on the site at `website`, as the customer's messages carry it. */
export const statusPageUrl = (website: string, token: string) => absoluteUrl(website, statusPagePath(token));

/** The enquiry a token belongs to and when the link was made, or null for one never handed out (or replaced, or of a deleted enquiry). */
export async function linkOfToken(db: Database, token: string): Promise<{ enquiryId: string; createdAt: Date } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .select({ enquiryId: enquiryStatusLinks.enquiryId, createdAt: enquiryStatusLinks.createdAt })
    .from(enquiryStatusLinks)
    .where(eq(enquiryStatusLinks.tokenHash, await sha256Hex(token)))
    .get();
  return row ?? null;
}

/**
 * "Neuen Link senden": every link of the enquiry stops working at once, and the customer has a
 * link to be told of again (the notice "Link zur Statusseite", whose message carries a new one).
 * One batch with the Verlauf's entry. The caller checks that the enquiry may be worked on and
 * tells the customer (customer-mail.server.ts, a module above this one).
 */
export async function renewStatusLinks(db: Database, actor: Actor, enquiry: { id: string; reference: string }, now = new Date()): Promise<void> {
  const own = eq(enquiries.id, enquiry.id);
  await db.batch([
    db.delete(enquiryStatusLinks).where(eq(enquiryStatusLinks.enquiryId, enquiry.id)),
    db.update(enquiries).set({ linksRenewedAt: now }).where(own),
    logStatement(db, actor, { action: "Statuslink erneuert", kind: "enquiry", itemId: enquiry.id, title: enquiry.reference }, {
      at: now,
      when: rowExists(enquiries, own),
    }),
  ]);
}
