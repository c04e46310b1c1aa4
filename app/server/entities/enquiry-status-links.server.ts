import { eq } from "drizzle-orm";
import { absoluteUrl } from "~/lib/seo";
import { statusPagePath } from "~/lib/site-areas";
import { randomBytes, sha256Hex, toBase64Url } from "~/server/base/encoding.server";
import type { Database } from "~/server/db/client.server";
import { enquiryStatusLinks } from "~/server/db/schema";

/*
 * The customer's private link to an enquiry's status page (decision 021): 160 random bits in the
 * address, only their SHA-256 in D1, so neither a copy of the database nor the Verlauf can open a
 * page. The server cannot show a link again once it has handed it out; every message to the
 * customer therefore gets a new one, and all of them end with the enquiry (its retention period,
 * or its deletion). Whether the enquiry is still kept is the caller's to check
 * (enquiry-progress.server.ts).
 */

/** 20 bytes: 160 bits, more than the 128 that make guessing hopeless. */
const TOKEN_BYTES = 20;
/** 20 bytes as base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{27}$/;

/** What a link that does not (or no longer) open a page says, with 404. */
export const STATUS_LINK_GONE = "Dieser Link ist nicht mehr gültig.";

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

/** The enquiry a token belongs to, or null for one never handed out (or of a deleted enquiry). */
export async function enquiryIdOfToken(db: Database, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .select({ enquiryId: enquiryStatusLinks.enquiryId })
    .from(enquiryStatusLinks)
    .where(eq(enquiryStatusLinks.tokenHash, await sha256Hex(token)))
    .get();
  return row?.enquiryId ?? null;
}
