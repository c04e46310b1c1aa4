import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { formatAppointment, formatDateTime, workshopDate } from "~/lib/dates";
import { STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";
import { MAX_CUSTOMER_QUESTIONS } from "~/lib/limits";
import { daysAhead } from "~/lib/open-status";
import { statusCalendarPath, statusPagePath, statusPhotoPath } from "~/lib/site-areas";
import { clientAddress } from "~/server/base/client-address.server";
import { HttpError } from "~/server/base/errors.server";
import { validate } from "~/server/base/validation.server";
import { type Database, readOnce } from "~/server/db/client.server";
import { chooseSlot, declineNote, declineSlots } from "~/server/entities/appointments.server";
import { ENQUIRY_RETENTION_MONTHS } from "~/server/entities/enquiries.server";
import { claimStatusPagePost } from "~/server/entities/enquiry-spam.server";
import { type EnquiryRef, type Progress, statusLinkExpired, statusPageRead } from "~/server/entities/enquiry-progress.server";
import { STATUS_LINK_EXPIRED, STATUS_LINK_GONE, STATUS_LINK_WEEKS_AFTER_CLOSE } from "~/server/entities/enquiry-status-links.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { acceptQuote, askAboutQuote, customerQuestion } from "~/server/entities/quotes.server";
import { workshopContact } from "~/server/entities/workshop-contact.server";
import { shownMessages, shownQuote, shownTimeline } from "./enquiry-progress.server";
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

/** Everything the page shows, formatted for Berlin. */
export async function statusPage(context: AppLoadContext, token: string, now = new Date()) {
  const { db } = context;
  const read = await statusPageRead(db, token, now);
  if (!read) throw await statusLinkGone(db, token, now);
  const { enquiry, progress } = read;
  const contact = await workshopContact(db);
  const schedule = enquiry.finishedAt ? await readOnce(db, scheduleRead(db, now)) : null;
  return {
    reference: enquiry.reference,
    topic: enquiry.topic,
    vehicle: enquiry.vehicle,
    description: enquiry.description,
    photoCount: enquiry.photos.length,
    // Nothing has happened yet: the page is still the confirmation of sending.
    justSent: progress.timeline.length === 1,
    // The customer's own photos, small, through the link (`statusPhoto`): the confirmation shows what arrived.
    photos: enquiry.photos.map(({ id }) => statusPhotoPath(token, id)),
    timeline: shownTimeline(progress),
    quote: quoteOnPage(progress, now),
    appointment: shownAppointment(progress, token),
    finished: enquiry.finishedAt && schedule ? { at: formatDateTime(enquiry.finishedAt), days: daysAhead(schedule, now, PICK_UP_DAYS) } : null,
    messages: shownMessages(progress),
    // The form for a question gives way to the phone number once the enquiry has had all it may.
    questionsLeft: Math.max(0, MAX_CUSTOMER_QUESTIONS - progress.messages.filter(({ kind }) => kind === "rueckfrage").length),
    retentionMonths: ENQUIRY_RETENTION_MONTHS,
    contact,
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
  return quote && { ...shownQuote(quote), expired: !quote.acceptedAt && quote.validUntil < workshopDate(now) };
}

function shownAppointment({ appointment }: Progress, token: string) {
  if (!appointment) return null;
  return {
    proposals: appointment.proposals.map(({ id, startsAt }) => ({ id, label: formatAppointment(startsAt), day: workshopDate(new Date(startsAt)) })),
    chosen: appointment.chosen && { label: formatAppointment(appointment.chosen.startsAt), calendarHref: statusCalendarPath(token) },
    confirmedAt: appointment.confirmedAt && formatDateTime(appointment.confirmedAt),
    declinedAt: appointment.declinedAt && formatDateTime(appointment.declinedAt),
  };
}

/** Where each intent's message stands on the page. */
const FIELD_OF: Record<string, string> = {
  [STATUS_INTENTS.accept]: STATUS_FORM.quote,
  [STATUS_INTENTS.ask]: STATUS_FORM.message,
  [STATUS_INTENTS.choose]: STATUS_FORM.slot,
  [STATUS_INTENTS.decline]: STATUS_FORM.message,
};

/** Where the page scrolls to after each intent. */
const SECTION_OF: Record<string, string> = {
  [STATUS_INTENTS.accept]: "preis",
  [STATUS_INTENTS.ask]: "preis",
  [STATUS_INTENTS.choose]: "termin",
  [STATUS_INTENTS.decline]: "termin",
};

/**
 * A post of the page's forms: counted against its sender, then the link checked, then the
 * customer's answer stored by its entity module, which takes it only where the page offers it
 * (and keeps nothing for an enquiry filed under Spam, answered all the same). Success returns to
 * the page (Post/Redirect/Get, at the section answered); a refusal comes back with its message at
 * the form and what was typed.
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
      default:
        throw new HttpError(400, "Unbekannte Aktion.");
    }
  } catch (error) {
    if (error instanceof HttpError) return refused(error);
    throw error;
  }
  return redirect(`${statusPagePath(token)}#${SECTION_OF[intent]}`, 303);
}
