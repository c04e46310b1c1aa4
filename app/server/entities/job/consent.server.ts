import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { LogAction } from "~/lib/activity";
import {
  CONSENT_CHOICES,
  CONSENT_FORM,
  CONSENT_STATEMENT_MAX_LENGTH,
  type ConsentChoice,
  consentWording,
  SHOWN_NAME_FORMS,
  type ShownNameForm,
} from "~/lib/consent";
import { FINISH_UNDO_MINUTES, type JobStep, TRANSITIONS } from "~/lib/job";
import { HttpError } from "~/server/base/errors.server";
import { isPlainText, newId, PLAIN_TEXT_MESSAGE, validate, type Validated } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { customerConsents, enquiries } from "~/server/db/schema";
import { previousChanged, rowExists } from "../activity-log.server";
import { getBusiness } from "../business.server";
import { answerStatements, type EnquiryRef } from "./enquiry-progress.server";
import { refuseUnless } from "./job-flow.server";

/*
 * The customer's consent to show her job on the website (decision 025). Every reader of a
 * project asks here at read time, so a withdrawal takes the photos and words off at once,
 * without touching the project. The customer gives and withdraws each choice on her status page.
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

/** How her name appears under her statement, derived here from the enquiry's name, never taken from a post. */
export function shownNameOf(form: ShownNameForm, fullName: string, town: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  switch (form) {
    case "name":
      return parts.join(" ");
    case "initialen":
      return parts.map((part) => `${[...part][0].toLocaleUpperCase("de-DE")}.`).join(" ");
    case "ort":
      return `Kundin/Kunde aus ${town.trim() || "Köln"}`;
  }
}

/** What the status page offers: each sentence as it is stored, the name forms with her own name, the Google review link if set. */
export async function consentOffer(db: Database, fullName: string) {
  const { name, city, googleReviewUrl } = await getBusiness(db);
  return {
    wording: Object.fromEntries(CONSENT_CHOICES.map((choice) => [choice, consentWording(choice, name)])) as Record<ConsentChoice, string>,
    names: SHOWN_NAME_FORMS.map((form) => ({ form, label: shownNameOf(form, fullName, city) })),
    reviewUrl: googleReviewUrl || null,
  };
}

export type ConsentRequest = { choice: "fotos" } | { choice: "stimme"; statement: string; nameForm: ShownNameForm };

const agreed = z.literal("ja", { errorMap: () => ({ message: "Bitte setzen Sie das Häkchen, wenn Sie zustimmen möchten." }) });

const consentRequest = z.discriminatedUnion(CONSENT_FORM.choice, [
  z.object({ [CONSENT_FORM.choice]: z.literal("fotos"), [CONSENT_FORM.agree]: agreed }),
  z.object({
    [CONSENT_FORM.choice]: z.literal("stimme"),
    [CONSENT_FORM.agree]: agreed,
    // A browser sends a line break as CR LF; counted as one, as the field counted it.
    [CONSENT_FORM.statement]: z
      .string({ required_error: "Bitte schreiben Sie Ihren Text." })
      .transform((text) => text.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(1, "Bitte schreiben Sie Ihren Text.")
          .max(CONSENT_STATEMENT_MAX_LENGTH, `Bitte höchstens ${CONSENT_STATEMENT_MAX_LENGTH} Zeichen.`)
          .refine(isPlainText, PLAIN_TEXT_MESSAGE),
      ),
    [CONSENT_FORM.nameForm]: z.enum(SHOWN_NAME_FORMS, { errorMap: () => ({ message: "Bitte wählen Sie, mit welchem Namen wir Ihren Text zeigen." }) }),
  }),
]);

/** The status page's post of a choice, checked; each message keyed by the field it is about. */
export function consentFromForm(values: Record<string, string>): Validated<ConsentRequest> {
  const choice = values[CONSENT_FORM.choice];
  if (!(CONSENT_CHOICES as readonly string[]).includes(choice)) return { ok: false, message: "Unbekannte Auswahl.", fieldErrors: { [CONSENT_FORM.agree]: "Unbekannte Auswahl." } };
  const result = validate(consentRequest, values);
  if (!result.ok) return result;
  const checked = result.value;
  return {
    ok: true,
    value: CONSENT_FORM.statement in checked ? { choice: "stimme", statement: checked[CONSENT_FORM.statement], nameForm: checked[CONSENT_FORM.nameForm] } : { choice: "fotos" },
  };
}

const GIVEN: Record<ConsentChoice, LogAction> = { fotos: "Fotos freigegeben", stimme: "Kundenstimme freigegeben" };
const WITHDRAWN: Record<ConsentChoice, LogAction> = { fotos: "Fotos nicht mehr freigegeben", stimme: "Kundenstimme nicht mehr freigegeben" };

const inForce = (enquiryId: string, choice: ConsentChoice) =>
  and(eq(customerConsents.enquiryId, enquiryId), eq(customerConsents.choice, choice), isNull(customerConsents.withdrawnAt))!;

/**
 * Her yes to one choice, once the job is "fertig" as she sees it (past the undo window) or
 * collected: stored with the sentence she ticked and the name she picked, in the Verlauf, shown to
 * staff as her answer. The insert itself checks the step and that the choice is not in force
 * already, so two taps store one yes. Every project page that may show it renders anew.
 */
export async function giveConsent(db: Database, enquiry: EnquiryRef & { name: string }, step: JobStep, request: ConsentRequest, now = new Date()): Promise<void> {
  refuseUnless("zeigen", step);
  const { name, city } = await getBusiness(db);
  const id = newId();
  const statement = request.choice === "stimme" ? request.statement : null;
  const shownName = request.choice === "stimme" ? shownNameOf(request.nameForm, enquiry.name, city) : null;
  const finished = and(
    eq(enquiries.id, enquiry.id),
    ne(enquiries.status, "spam"),
    sql`(${enquiries.collectedAt} is not null or ${enquiries.finishedAt} <= ${now.getTime() - FINISH_UNDO_MINUTES * 60_000})`,
  )!;
  const [inserted] = await db.batch([
    db
      .insert(customerConsents)
      .select(
        sql`select ${id}, ${enquiry.id}, ${request.choice}, ${consentWording(request.choice, name)}, ${statement}, ${shownName}, ${now.getTime()}, null
            where ${rowExists(enquiries, finished)} and not ${rowExists(customerConsents, inForce(enquiry.id, request.choice))}`,
      )
      .returning({ id: customerConsents.id }),
    ...answerStatements(db, enquiry, GIVEN[request.choice], rowExists(customerConsents, eq(customerConsents.id, id)), now, { restartsRetention: false }),
  ]);
  if (inserted.length === 0) {
    const given = await db.select({ id: customerConsents.id }).from(customerConsents).where(inForce(enquiry.id, request.choice)).get();
    throw new HttpError(409, given ? "Dazu haben Sie schon zugestimmt." : TRANSITIONS.zeigen.refused);
  }
  await db.contentChanged();
}

/** "Nicht mehr zeigen": her yes to one choice ends now, whatever the job's step; the pages that showed it render anew. */
export async function withdrawConsent(db: Database, enquiry: EnquiryRef, choice: ConsentChoice, now = new Date()): Promise<void> {
  const [withdrawn] = await db.batch([
    db.update(customerConsents).set({ withdrawnAt: now }).where(inForce(enquiry.id, choice)).returning({ id: customerConsents.id }),
    ...answerStatements(db, enquiry, WITHDRAWN[choice], previousChanged, now, { restartsRetention: false }),
  ]);
  if (withdrawn.length === 0) throw new HttpError(409, "Diese Zustimmung ist schon zurückgenommen.");
  await db.contentChanged();
}

/** The consent as the API answers it with an enquiry. */
export function apiConsent({ photos, statement }: CustomerConsent) {
  return {
    photos: photos && { givenAt: photos.givenAt.toISOString(), wording: photos.wording },
    statement: statement && { givenAt: statement.givenAt.toISOString(), wording: statement.wording, text: statement.text, shownName: statement.shownName },
  };
}
