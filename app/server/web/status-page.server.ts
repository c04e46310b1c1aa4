import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { CONSENT_CHOICES, CONSENT_FORM, type ConsentChoice } from "~/lib/consent";
import { formatCustomerTime, workshopDate } from "~/lib/dates";
import { CUSTOMER_MESSAGE_LABELS, STATUS_ANSWERED, STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";
import { allowed } from "~/lib/job";
import { MAX_CUSTOMER_QUESTIONS } from "~/lib/limits";
import { QUOTE_ANSWER } from "~/lib/quote";
import { daysAhead } from "~/lib/open-status";
import { statusCalendarPath, statusPagePath, statusPhotoPath } from "~/lib/site-areas";
import { clientAddress } from "~/server/base/client-address.server";
import { HttpError } from "~/server/base/errors.server";
import { validate } from "~/server/base/validation.server";
import { type Database, readOnce } from "~/server/db/client.server";
import { chooseSlot, declineNote, declineSlots, rescheduleSlot } from "~/server/entities/job/appointments.server";
import { listActiveAlerts } from "~/server/entities/alerts.server";
import { ENQUIRY_RETENTION_MONTHS } from "~/server/entities/job/enquiries.server";
import { claimStatusPagePost } from "~/server/entities/job/enquiry-spam.server";
import { type EnquiryRef, type Progress, statusLinkExpired, statusPageRead } from "~/server/entities/job/enquiry-progress.server";
import { consentFromForm, consentOf, consentOffer, type CustomerConsent, giveConsent, withdrawConsent } from "~/server/entities/job/consent.server";
import { STATUS_LINK_EXPIRED, STATUS_LINK_GONE, STATUS_LINK_WEEKS_AFTER_CLOSE } from "~/server/entities/job/enquiry-status-links.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { acceptQuote, askAboutQuote, customerQuestion } from "~/server/entities/job/quotes.server";
import { workshopContact } from "~/server/entities/workshop-contact.server";
import { shownQuote } from "./job-view.server";
import { formFields, invalidForm } from "./staff-form.server";

/*
 * The customer's status page (`/anfrage/status/<token>`, decision 021): what it shows, formatted
 * on the server so the page ships no date library, and what its forms do. Every post is counted
 * against its sender first; a link that opens nothing answers 404 to reads and posts alike.
 */

/**
 * The page's answer to a link that opens nothing (any more): whether it ended after the job
 * closed, how long links hold, and the workshop's phone, which the page's error view shows.
 */
async function statusLinkGone(db: Database, token: string, now: Date) {
  const expired = await statusLinkExpired(db, token, now);
  const { phone } = await workshopContact(db);
  return Response.json(
    {
      error: expired ? STATUS_LINK_EXPIRED : STATUS_LINK_GONE,
      expired,
      weeksAfterClose: STATUS_LINK_WEEKS_AFTER_CLOSE,
      retentionMonths: ENQUIRY_RETENTION_MONTHS,
      phone,
    },
    { status: 404 },
  );
}

/** The pick-up days the page lists once the car is ready. */
const PICK_UP_DAYS = 6;


/**
 * What the customer has to do now, from the job's step (app/lib/job.ts): answer the price, choose
 * a date, bring the car on the chosen one (or move it), pick it up. Null when the workshop moves next.
 */
function nextForCustomer({ step, appointment }: Progress): "preis" | "termine" | "termin" | "fertig" | null {
  switch (step) {
    case "preis-gesendet":
      return "preis";
    case "eingegangen":
    case "preis-bestaetigt":
      return appointment && appointment.proposals.length > 0 ? "termine" : null;
    case "termin":
      return "termin";
    case "fertig":
      return "fertig";
    default:
      return null;
  }
}

/** The confirmation at the top of the page right after an answer (`?antwort=<intent>`), said as what it did; null for anything else. */
function confirmationOf(intent: string | null, progress: Progress, consent: CustomerConsent): { title: string; text: string } | null {
  const { quote, appointment } = progress;
  switch (intent) {
    case STATUS_INTENTS.accept:
      if (!quote?.acceptedAt) return null;
      return {
        title: `${QUOTE_ANSWER[quote.kind].done}. Vielen Dank!`,
        text: appointment && appointment.proposals.length > 0 && !appointment.chosen ? "Bitte wählen Sie jetzt einen Termin zum Bringen." : "Wir schlagen Ihnen als Nächstes Termine zum Bringen vor.",
      };
    case STATUS_INTENTS.ask:
      return { title: "Ihre Rückfrage ist angekommen.", text: "Wir antworten Ihnen so bald wie möglich – hier auf dieser Seite und per E-Mail." };
    case STATUS_INTENTS.choose:
      if (!appointment?.chosen) return null;
      return { title: `Ihr Termin steht: ${formatCustomerTime(appointment.chosen.startsAt)}.`, text: "Wir haben Ihnen eine Bestätigung geschickt, wenn Sie eine E-Mail-Adresse angegeben haben." };
    case STATUS_INTENTS.decline:
      return { title: "Danke für Ihre Nachricht.", text: "Wir melden uns mit neuen Terminvorschlägen." };
    case STATUS_INTENTS.reschedule:
      return { title: "Ihr Termin ist freigegeben.", text: "Wir melden uns mit neuen Terminvorschlägen." };
    case CONSENT_FORM.give:
      if (!consent.photos && !consent.statement) return null;
      return { title: "Vielen Dank für Ihr Vertrauen!", text: "Ihre Zustimmung ist gespeichert. Unten können Sie sie jederzeit mit „Nicht mehr zeigen“ zurücknehmen." };
    case CONSENT_FORM.withdraw:
      return { title: "Ihre Zustimmung ist zurückgenommen.", text: "Wir zeigen das nicht mehr auf unserer Website." };
    default:
      return null;
  }
}

/** Everything the page shows, formatted for Berlin; `answered` is the intent the customer just sent. */
export async function statusPage(context: AppLoadContext, token: string, answered: string | null = null, now = new Date()) {
  const { db } = context;
  const read = await statusPageRead(db, token, now);
  if (!read) throw await statusLinkGone(db, token, now);
  const { enquiry, progress } = read;
  const [contact, notices, consent] = await Promise.all([workshopContact(db), listActiveAlerts(db, now), consentOf(db, enquiry.id)]);
  const schedule = enquiry.finishedAt ? await readOnce(db, scheduleRead(db, now)) : null;
  return {
    next: nextForCustomer(progress),
    confirmation: confirmationOf(answered, progress, consent),
    // The site's notices, one line each in "Stand": no popup over the customer's price (the shell leaves it out here).
    notices: notices.map(({ id, title, text }) => ({ id, title, text })),
    reference: enquiry.reference,
    topic: enquiry.topic,
    step: progress.step,
    vehicle: enquiry.vehicle,
    description: enquiry.description,
    photoCount: enquiry.photos.length,
    // Nothing has happened yet: the page is still the confirmation of sending.
    justSent: progress.timeline.length === 1,
    // The customer's own photos, small, through the link (`statusPhoto`): the confirmation shows what arrived.
    photos: enquiry.photos.map(({ id }) => statusPhotoPath(token, id)),
    timeline: progress.timeline.map(({ step, label, at }) => ({ step, label, when: at && formatCustomerTime(at) })),
    quote: quoteOnPage(progress, now),
    appointment: shownAppointment(progress, token),
    finished: enquiry.finishedAt && schedule ? { at: formatCustomerTime(enquiry.finishedAt), days: daysAhead(schedule, now, PICK_UP_DAYS) } : null,
    messages: progress.messages.map(({ id, kind, text, createdAt }) => ({ id, label: CUSTOMER_MESSAGE_LABELS[kind], text, at: formatCustomerTime(createdAt) })),
    // The form for a question gives way to the phone number once the enquiry has had all it may.
    questionsLeft: Math.max(0, MAX_CUSTOMER_QUESTIONS - progress.messages.filter(({ kind }) => kind === "rueckfrage").length),
    retentionMonths: ENQUIRY_RETENTION_MONTHS,
    contact,
    consent: await shownConsent(db, enquiry.name, progress, consent),
  };
}
export type StatusPageView = Awaited<ReturnType<typeof statusPage>>;

/**
 * GET /anfrage/status/<token>/foto/<id>: one of the enquiry's photos, its smallest rendition (the
 * original until that is made, right after sending), for whoever holds the link — as the page
 * itself. 404 for a link that opens nothing and for a photo of another enquiry. Private like the
 * page (`isPrivatePage`: never cached, same-origin referrer).
 */
export async function statusPhoto(context: AppLoadContext, token: string, photoId: string): Promise<Response> {
  const read = await statusPageRead(context.db, token);
  const photo = read?.enquiry.photos.find(({ id }) => id === photoId);
  const object = photo ? await context.cloudflare.env.IMAGES.get(photo.thumbnailKey) : null;
  if (!object) return new Response("Bild nicht gefunden.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(object.body, { headers: { "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream" } });
}

/** The current price, and whether it can no longer be accepted. */
function quoteOnPage({ quote }: Progress, now: Date) {
  return (
    quote && {
      ...shownQuote(quote),
      kind: quote.kind,
      acceptedAt: quote.acceptedAt && formatCustomerTime(quote.acceptedAt),
      expired: !quote.acceptedAt && quote.validUntil < workshopDate(now),
    }
  );
}

function shownAppointment(progress: Progress, token: string) {
  const { appointment } = progress;
  if (!appointment) return null;
  return {
    proposals: appointment.proposals.map(({ id, startsAt }) => ({ id, label: formatCustomerTime(startsAt) })),
    chosen: appointment.chosen && { label: formatCustomerTime(appointment.chosen.startsAt), calendarHref: statusCalendarPath(token) },
    confirmedAt: appointment.confirmedAt && formatCustomerTime(appointment.confirmedAt),
    declinedAt: appointment.declinedAt && formatCustomerTime(appointment.declinedAt),
    /** Which answer withdrew the dates: "Keiner passt" or "Termin verschieben". */
    rescheduled: !!appointment.declinedAt && progress.messages.some(({ kind, createdAt }) => kind === "verschieben" && createdAt === appointment.declinedAt),
  };
}

/**
 * "Dürfen wir Ihr Fahrzeug zeigen?" once the job is fertig as she sees it (decision 025): each
 * choice either given (what, since when, the sentence she ticked) or offered with its sentence;
 * null before, unless a yes is in force, which can always be taken back.
 */
async function shownConsent(db: Database, fullName: string, progress: Progress, consent: CustomerConsent) {
  if (!allowed("zeigen", progress.step) && !consent.photos && !consent.statement) return null;
  const { photos, statement } = consent;
  return {
    ...(await consentOffer(db, fullName)),
    photos: photos && { at: formatCustomerTime(photos.givenAt), wording: photos.wording },
    statement: statement && { at: formatCustomerTime(statement.givenAt), wording: statement.wording, text: statement.text, shownName: statement.shownName },
    canGive: allowed("zeigen", progress.step),
  };
}

/** Where each intent's message stands on the page. */
const FIELD_OF: Record<string, string> = {
  [STATUS_INTENTS.accept]: STATUS_FORM.quote,
  [STATUS_INTENTS.ask]: STATUS_FORM.message,
  [STATUS_INTENTS.choose]: STATUS_FORM.slot,
  [STATUS_INTENTS.decline]: STATUS_FORM.message,
  [STATUS_INTENTS.reschedule]: STATUS_FORM.message,
  [CONSENT_FORM.give]: CONSENT_FORM.agree,
  [CONSENT_FORM.withdraw]: CONSENT_FORM.choice,
};

const isChoice = (value: string | undefined): value is ConsentChoice => (CONSENT_CHOICES as readonly (string | undefined)[]).includes(value);

/**
 * A post of the page's forms: counted against its sender, then the link checked, then the
 * customer's answer stored by its entity module, which takes it only where the page offers it
 * (and keeps nothing for an enquiry filed under Spam, answered all the same). Success returns to
 * the page (Post/Redirect/Get) with the confirmation first and the browser at it (`#bestaetigung`);
 * a refusal comes back with its message at the form and what was typed.
 */
export async function answerStatusPage(request: Request, context: AppLoadContext, token: string, now = new Date()) {
  const { db, mailers } = context;
  const values = formFields(await request.formData());
  const intent = values[STATUS_FORM.intent] ?? "";
  const failure = { intent, values };
  const refused = (error: HttpError) =>
    invalidForm(failure, { message: error.message, fieldErrors: { [FIELD_OF[intent] ?? "_form"]: error.message } }, error);
  try {
    await claimStatusPagePost(db, clientAddress(request), now);
    const read = await statusPageRead(db, token, now);
    if (!read) throw new HttpError(404, STATUS_LINK_GONE);
    const enquiry: EnquiryRef = read.enquiry;
    const text = (check: typeof customerQuestion | typeof declineNote) => {
      const result = validate(check, values[STATUS_FORM.message] ?? "");
      if (!result.ok) throw new HttpError(400, result.message);
      return result.value ?? "";
    };
    switch (intent) {
      case STATUS_INTENTS.accept:
        await acceptQuote(db, mailers, enquiry, values[STATUS_FORM.quote] ?? "", now);
        break;
      case STATUS_INTENTS.ask:
        await askAboutQuote(db, mailers, enquiry, text(customerQuestion), now);
        break;
      case STATUS_INTENTS.choose:
        if (!values[STATUS_FORM.slot]) throw new HttpError(400, "Bitte wählen Sie einen der Termine aus.");
        await chooseSlot(db, mailers, enquiry, values[STATUS_FORM.slot], now);
        break;
      case STATUS_INTENTS.decline:
        await declineSlots(db, mailers, enquiry, text(declineNote), now);
        break;
      case STATUS_INTENTS.reschedule:
        await rescheduleSlot(db, mailers, enquiry, text(declineNote), now);
        break;
      case CONSENT_FORM.give: {
        const checked = consentFromForm(values);
        if (!checked.ok) return invalidForm(failure, checked);
        await giveConsent(db, read.enquiry, read.progress.step, checked.value, now);
        break;
      }
      case CONSENT_FORM.withdraw:
      {
        const choice = values[CONSENT_FORM.choice];
        if (!isChoice(choice)) throw new HttpError(400, "Unbekannte Auswahl.");
        await withdrawConsent(db, enquiry, choice, now);
        break;
      }
      default:
        throw new HttpError(400, "Unbekannte Aktion.");
    }
  } catch (error) {
    if (error instanceof HttpError) return refused(error);
    throw error;
  }
  return redirect(`${statusPagePath(token)}?${STATUS_ANSWERED.param}=${intent}#${STATUS_ANSWERED.id}`, 303);
}
