import { and, inArray, isNull } from "drizzle-orm";
import type { ConsentChoice } from "~/lib/consent";
import type { Database } from "~/server/db/client.server";
import { customerConsents } from "~/server/db/schema";

/*
 * The customer's consent to show her job on the website (decision 025). Every reader of a
 * project asks here at read time, so a withdrawal takes the photos and words off at once,
 * without touching the project.
 */

export interface GivenConsent {
  givenAt: Date;
  /** The sentence she ticked, word for word. */
  wording: string;
}

export interface CustomerConsent {
  /** Her photos of the car may be shown. */
  photos: GivenConsent | null;
  /** Her statement may be shown, under the name she chose. */
  statement: (GivenConsent & { text: string; shownName: string }) | null;
}

const NONE: CustomerConsent = { photos: null, statement: null };

/** The consent in force for each of `enquiryIds` (none for an id without any). */
export async function consentsOf(db: Database, enquiryIds: readonly string[]): Promise<Map<string, CustomerConsent>> {
  const consents = new Map<string, CustomerConsent>(enquiryIds.map((id) => [id, NONE]));
  if (enquiryIds.length === 0) return consents;
  const rows = await db
    .select()
    .from(customerConsents)
    .where(and(inArray(customerConsents.enquiryId, [...new Set(enquiryIds)]), isNull(customerConsents.withdrawnAt)))
    .orderBy(customerConsents.givenAt);
  for (const row of rows) {
    const given = { givenAt: row.givenAt, wording: row.wording };
    const current = consents.get(row.enquiryId) ?? NONE;
    // Later rows win: a yes given again replaces the earlier one.
    if ((row.choice as ConsentChoice) === "fotos") consents.set(row.enquiryId, { ...current, photos: given });
    else if (row.statement && row.shownName) consents.set(row.enquiryId, { ...current, statement: { ...given, text: row.statement, shownName: row.shownName } });
  }
  return consents;
}

/** The consent in force for one enquiry. */
export async function consentOf(db: Database, enquiryId: string): Promise<CustomerConsent> {
  return (await consentsOf(db, [enquiryId])).get(enquiryId) ?? NONE;
}
