import { redirect } from "@remix-run/cloudflare";
import { addDays, formatAppointment, formatClock, formatCustomerTime, formatDateTime, formatDay, formatShortDay, toLocalInputValue, workshopDate, workshopInstant } from "~/lib/dates";
import {
  CHANNEL_FIELD,
  CUSTOMER_MESSAGE_LABELS,
  EARLY_FIELD,
  NOTICE_STEP_LABELS,
  PROGRESS_INTENTS,
  SHARE_CHANNELS,
  type ShareChannel,
  SLOT_FIELDS,
} from "~/lib/enquiry-progress";
import { allowed, finishFinalAt, FINISH_UNDO_MINUTES, JOB_STEP_LABELS } from "~/lib/job";
import { dayPlan, type Schedule } from "~/lib/open-status";
import { euroInputValue, formatEuro, QUOTE_KIND_LABELS, QUOTE_KIND_SHORT, QUOTE_VALID_DAYS, VAT_PERCENT } from "~/lib/quote";
import { HttpError } from "~/server/base/errors.server";
import type { Validated } from "~/server/base/validation.server";
import { type BookedAppointment, checkSlots, proposalSchedule, proposeSlots } from "~/server/entities/job/appointments.server";
import { arrivalNeedsConfirmation, finishJob, markAnswerSeen, markArrived, markCollected, undoFinish } from "~/server/entities/job/job-flow.server";
import { type Mailers, shareChannels, shareNotice, tellCustomer } from "~/server/entities/job/customer-mail.server";
import type { Enquiry } from "~/server/entities/job/enquiries.server";
import type { CustomerConsent } from "~/server/entities/job/consent.server";
import { type Notice, type Progress, type Quote, workableEnquiry } from "~/server/entities/job/enquiry-progress.server";
import { renewStatusLinks, STATUS_LINK_WEEKS_AFTER_CLOSE, statusLinkEnd } from "~/server/entities/job/enquiry-status-links.server";
import { quoteFromForm, saveQuote } from "~/server/entities/job/quotes.server";
import type { StaffUser } from "~/server/entities/staff-accounts.server";
import { directWrite, type IntentHandler, refusedForm, validatedWrite } from "./staff-form.server";
import type { RequestArgs } from "./toast.server";

/*
 * The staff side of an enquiry's steps (decision 021): what the enquiry's staff view shows of its
 * price, dates, "fertig" and notices (formatted here, so the page ships no date library), and the
 * intents its forms post. Each intent calls the entity module the API calls too.
 */

/** Why the customer has not been told of a step yet. */
function untoldReason(notice: Notice, enquiry: Enquiry, mailers: Mailers, now: Date): string {
  if (!enquiry.email) return "keine E-Mail-Adresse";
  if (notice.step === "finished" && enquiry.finishedAt && mailPending(notice, enquiry, mailers)) {
    const sendsAt = finishFinalAt(enquiry.finishedAt);
    if (sendsAt > now) return `E-Mail geht um ${formatClock(sendsAt.toISOString())} Uhr, nach der Frist zum Zurücknehmen`;
  }
  if (notice.outcome === "nicht-eingerichtet" || !mailers.customer) return "E-Mail an Kunden ist nicht eingerichtet";
  if (notice.outcome === "fehlgeschlagen" && notice.at && notice.at >= notice.reachedAt) return "E-Mail nicht zugestellt";
  if (notice.outcome === "zurueckgehalten" && notice.at && notice.at >= notice.reachedAt) return "zu viele E-Mails an Kunden in dieser Stunde";
  return "E-Mail ist unterwegs";
}

/** No attempt since the step, or none yet: the e-mail is still to go out (after the answer, or from the queue). */
function mailPending(notice: Notice, enquiry: Enquiry, mailers: Mailers): boolean {
  if (!enquiry.email || !mailers.customer) return false;
  return !notice.at || notice.at < notice.reachedAt || notice.outcome === "gesendet";
}

/** The timeline as the job card shows it: the appointment's own time, the other steps' dates (the status page says them its own way). */
export const shownTimeline = ({ timeline }: Progress) =>
  timeline.map(({ step, label, at }) => ({ step, label, when: at ? (step === "termin" ? formatAppointment(at) : `am ${formatDateTime(at)} Uhr`) : null }));

/** What the customer wrote on the status page, as the page and the job card list it. */
export const shownMessages = ({ messages }: Progress) =>
  messages.map(({ id, kind, text, createdAt }) => ({ id, label: CUSTOMER_MESSAGE_LABELS[kind], text, at: formatDateTime(createdAt) }));

/** A price as the status page and the job card show it (`QuoteTable`): euros, the VAT it contains, Berlin's dates. */
export function shownQuote(quote: Quote) {
  return {
    id: quote.id,
    version: quote.version,
    kindShort: QUOTE_KIND_SHORT[quote.kind],
    kindLabel: QUOTE_KIND_LABELS[quote.kind],
    items: quote.items.map(({ text, quantity, unitPriceGross }) => ({ text, quantity, unit: formatEuro(unitPriceGross), total: formatEuro(quantity * unitPriceGross) })),
    total: formatEuro(quote.totalGross),
    vat: formatEuro(quote.vat),
    net: formatEuro(quote.totalGross - quote.vat),
    vatPercent: VAT_PERCENT,
    validUntil: formatDay(quote.validUntil),
    note: quote.note,
    acceptedAt: quote.acceptedAt && formatDateTime(quote.acceptedAt),
  };
}

/** Whether the customer was reminded of the drop-off the day before, as the job card says it. */
function reminderLine(enquiry: Enquiry, { reminder, appointment }: Progress): string {
  const chosenAt = appointment?.confirmedAt;
  if (reminder && chosenAt && reminder.at >= chosenAt) {
    return reminder.outcome === "gesendet" ? `Erinnerung gesendet am ${formatDateTime(reminder.at)} Uhr.` : "Erinnerung nicht zugestellt – bitte anrufen.";
  }
  return enquiry.email ? "Die Erinnerung geht am Vortag per E-Mail." : "Keine E-Mail-Adresse: bitte am Vortag anrufen.";
}

/** The job's own buttons (`JobSteps`): what the step allows, with what each needs to say. */
function jobControls(enquiry: Enquiry, progress: Progress, now: Date) {
  const chosen = progress.appointment?.chosen ?? null;
  const confirmation = arrivalNeedsConfirmation(chosen?.startsAt ?? null, workshopDate(now));
  const undoUntil = enquiry.finishedAt ? finishFinalAt(enquiry.finishedAt) : null;
  return {
    arrive: allowed("angekommen", progress.step),
    /** "Fahrzeug ist da" before the chosen day, or without one, needs a second tap: what the fold says. */
    arriveConfirm: !confirmation
      ? null
      : chosen
        ? { summary: "Fahrzeug schon vor dem Termin da?", text: `Vereinbart ist ${formatAppointment(chosen.startsAt)} Uhr.` }
        : { summary: "Fahrzeug ohne vereinbarten Termin da?", text: "Es ist noch kein Termin vereinbart." },
    finish: allowed("fertig", progress.step),
    undoUntil: allowed("fertig-zuruecknehmen", progress.step) && undoUntil && undoUntil > now ? formatClock(undoUntil.toISOString()) : null,
    collect: allowed("abgeholt", progress.step),
    arrivedAt: enquiry.arrivedAt && formatDateTime(enquiry.arrivedAt),
    reminder: progress.step === "termin" ? reminderLine(enquiry, progress) : null,
    collectedAt: enquiry.collectedAt && formatDateTime(enquiry.collectedAt),
  };
}

/** How many open days the proposal fields offer as quick choices. */
const QUICK_OPEN_DAYS = 3;

/**
 * The next days the workshop is open (the week, Sonderzeiten, holidays), each at its first opening
 * time: the proposal fields' quick choices, so a tap never offers a closed day.
 */
export function nextOpenDays(schedule: Schedule, now = new Date()): { label: string; day: string; time: string }[] {
  const days: { label: string; day: string; time: string }[] = [];
  for (let offset = 1; days.length < QUICK_OPEN_DAYS && offset <= 60; offset++) {
    const plan = dayPlan(schedule, addDays(workshopDate(now), offset));
    if (plan.reading.kind !== "open") continue;
    const time = plan.reading.ranges[0].opens;
    days.push({ day: plan.date, time, label: formatCustomerTime(workshopInstant(plan.date, time)).replace(/, \d\d:\d\d Uhr$/, "") });
  }
  return days;
}

/** The staff view of an enquiry's steps, formatted for Berlin. */
export function staffProgress(enquiry: Enquiry, progress: Progress, mailers: Mailers, now = new Date()) {
  const { quote, appointment } = progress;
  const live = appointment?.proposals ?? [];
  return {
    enquiryId: enquiry.id,
    workable: enquiry.status !== "spam",
    step: progress.step,
    stepLabel: JOB_STEP_LABELS[progress.step],
    waitingOn: progress.waitingOn,
    /** The editors fold away once the step no longer allows their transition (app/lib/job.ts). */
    canQuote: allowed("preis", progress.step),
    canPropose: allowed("vorschlagen", progress.step),
    job: jobControls(enquiry, progress, now),
    /** A customer's answer staff have not acted on yet. */
    answeredAt: enquiry.customerAnsweredAt && formatDateTime(enquiry.customerAnsweredAt),
    timeline: shownTimeline(progress),
    quote: quote && { ...shownQuote(quote), createdAt: formatDateTime(quote.createdAt) },
    /** What the editor starts from: the current price as a new version, or empty lines valid 30 days. */
    editor: {
      kind: quote?.kind ?? "richtpreis",
      validUntil: quote && quote.validUntil >= workshopDate(now) ? quote.validUntil : addDays(workshopDate(now), QUOTE_VALID_DAYS),
      note: quote?.note ?? "",
      items: (quote?.items ?? []).map(({ text, quantity, unitPriceGross }) => ({ text, quantity: String(quantity), price: euroInputValue(unitPriceGross) })),
    },
    appointment: appointment && {
      proposals: live.map(({ id, startsAt }) => ({ id, label: formatAppointment(startsAt), chosen: appointment.chosen?.id === id })),
      chosen: appointment.chosen && formatAppointment(appointment.chosen.startsAt),
      confirmedAt: appointment.confirmedAt && formatDateTime(appointment.confirmedAt),
      declinedAt: appointment.declinedAt && formatDateTime(appointment.declinedAt),
    },
    /** The live proposals as the date fields' values, for proposing again. */
    slotValues: SLOT_FIELDS.map((_, index) => (live[index] ? toLocalInputValue(live[index].startsAt) : "")),
    finishedAt: enquiry.finishedAt && formatDateTime(enquiry.finishedAt),
    messages: shownMessages(progress),
    notices: progress.notices.map((notice) => ({
      step: notice.step,
      label: NOTICE_STEP_LABELS[notice.step],
      told: notice.told,
      /** An e-mail that is still to go out (or waits out the undo window): said neutrally, nothing to do. */
      pending: !notice.told && mailPending(notice, enquiry, mailers),
      reason: notice.told ? null : untoldReason(notice, enquiry, mailers, now),
    })),
    /** "Kunde benachrichtigen" only where it is needed: a step that no e-mail will tell, or a customer who asked for WhatsApp or a call. */
    offerSharing:
      progress.notices.some((notice) => !notice.told && !mailPending(notice, enquiry, mailers)) ||
      ((enquiry.contactBy === "whatsapp" || enquiry.contactBy === "anruf") && progress.notices.some((notice) => !notice.told)),
    /** The customer's chosen way first. */
    channels: shareChannels(enquiry).sort((a, b) => Number(b === enquiry.contactBy) - Number(a === enquiry.contactBy)),
    callFirst: enquiry.contactBy === "anruf",
    statusLinks: statusLinksOf(enquiry, now),
  };
}

/** Until when the links handed out before the job closed work (those made later hold longer); null while the job is open. */
function statusLinksOf(enquiry: Enquiry, now: Date) {
  const end = enquiry.closedAt && statusLinkEnd(enquiry.closedAt, new Date(enquiry.closedAt));
  return { end: end ? formatDateTime(end) : null, ended: !!end && end <= now, weeks: STATUS_LINK_WEEKS_AFTER_CLOSE };
}
export type StaffProgress = ReturnType<typeof staffProgress>;

/**
 * What the customer allows to be shown (decision 025), as the job card's one line says it: since
 * which day, and the name under her words. Null before "fertig" unless a yes is in force.
 */
export function staffConsent({ photos, statement }: CustomerConsent, progress: Progress) {
  if (!allowed("zeigen", progress.step) && !photos && !statement) return null;
  const since = (givenAt: Date) => formatShortDay(workshopDate(givenAt));
  return {
    photos: photos && { since: since(photos.givenAt) },
    statement: statement && { since: since(statement.givenAt), shownName: statement.shownName },
  };
}
export type StaffConsent = ReturnType<typeof staffConsent>;

/** The date fields as the API's `slots`: the filled ones, each message at its own field. */
function slotsFromForm(values: Record<string, string>, schedule: Schedule): Validated<Date[]> {
  const filled = SLOT_FIELDS.filter((name) => (values[name] ?? "").trim() !== "");
  const result = checkSlots(filled.map((name) => values[name]), schedule);
  if (result.ok) return result;
  const [key, message] = Object.entries(result.fieldErrors)[0];
  const index = /^slots\.(\d+)$/.exec(key)?.[1];
  return { ok: false, message, fieldErrors: { [index === undefined ? SLOT_FIELDS[0] : filled[Number(index)]]: message } };
}

/** What the customer hears of a step staff just made, as the toast says it. */
const toldBy = (enquiry: Enquiry, mailers: Mailers) =>
  enquiry.email && mailers.customer
    ? "Die Kundin oder der Kunde bekommt eine E-Mail."
    : "Bitte die Kundin oder den Kunden benachrichtigen (unten: „Kunde benachrichtigen“).";

const isChannel = (value: string): value is ShareChannel => (SHARE_CHANNELS as readonly string[]).includes(value);

/** The enquiry view's intents for its steps, beside its own (status, note, delete). */
export function progressIntents(args: RequestArgs, user: StaffUser, id: string): Record<string, IntentHandler> {
  const { db, mailers } = args.context;
  return {
    [PROGRESS_INTENTS.quote]: validatedWrite(quoteFromForm, (input) => saveQuote(db, mailers, user, id, input), {
      // A refusal (accepted meanwhile, too many versions) comes back with the lines as typed.
      refusedAt: "_form",
      toast: (enquiry) => ({ type: "success", title: "Preis gespeichert", body: toldBy(enquiry, mailers) }),
    }),
    [PROGRESS_INTENTS.propose]: async (form) => {
      const schedule = await proposalSchedule(db);
      return validatedWrite((values) => slotsFromForm(values, schedule), (slots) => proposeSlots(db, mailers, user, id, slots), {
        toast: (enquiry) => ({ type: "success", title: "Termine vorgeschlagen", body: toldBy(enquiry, mailers) }),
      })(form);
    },
    [PROGRESS_INTENTS.arrived]: (form) =>
      directWrite(() => markArrived(db, user, id, { early: form.values[EARLY_FIELD] === "1" }), {
        toast: { type: "success", title: "Fahrzeug ist da", body: "Sobald es fertig ist: „Fertig melden“." },
      })(form),
    [PROGRESS_INTENTS.finish]: directWrite(() => finishJob(db, mailers, user, id), {
      toast: (enquiry) => ({
        type: "success",
        title: "Als fertig gemeldet",
        body: enquiry.email && mailers.customer ? `Die E-Mail an die Kundin oder den Kunden geht in ${FINISH_UNDO_MINUTES} Minuten; bis dahin lässt sich „Fertig“ zurücknehmen.` : toldBy(enquiry, mailers),
      }),
    }),
    [PROGRESS_INTENTS.seen]: directWrite(() => markAnswerSeen(db, id), { toast: { type: "success", body: "Als gesehen vermerkt." } }),
    [PROGRESS_INTENTS.undoFinish]: directWrite(() => undoFinish(db, user, id), {
      toast: { type: "success", title: "„Fertig“ zurückgenommen", body: "Die Kundin oder der Kunde erfährt nichts davon." },
    }),
    [PROGRESS_INTENTS.collected]: directWrite(() => markCollected(db, user, id), {
      toast: { type: "success", title: "Abgeholt", body: "Der Auftrag ist abgeschlossen." },
    }),
    // Every earlier link stops working; the customer gets the new one by e-mail, or staff send it with "Kunde benachrichtigen".
    [PROGRESS_INTENTS.renewLink]: directWrite(
      async () => {
        const enquiry = await workableEnquiry(db, id);
        await renewStatusLinks(db, user, enquiry);
        tellCustomer(db, mailers, id, "received");
        return enquiry;
      },
      { toast: (enquiry) => ({ type: "success", title: "Neuer Link", body: `Frühere Links zur Statusseite gelten nicht mehr. ${toldBy(enquiry, mailers)}` }) },
    ),
    // A plain document post: the answer opens WhatsApp, SMS or the mail app with the text, or (told by phone) the page again.
    [PROGRESS_INTENTS.notify]: async (form) => {
      const channel = form.values[CHANNEL_FIELD] ?? "";
      if (channel !== "anruf" && !isChannel(channel)) {
        return refusedForm(form.failure, CHANNEL_FIELD, new HttpError(400, "Bitte WhatsApp, SMS, E-Mail oder Anruf wählen."));
      }
      let href: string | null = null;
      const answer = await directWrite(
        async () => {
          href = await shareNotice(db, user, id, channel);
        },
        { toast: { type: "success", body: "Als benachrichtigt vermerkt." } },
      )(form);
      return href ? redirect(href, 303) : answer;
    },
  };
}

/** A chosen drop-off as a line of the Termine and the start page (`AppointmentList`). */
export const shownAppointment = ({ slotId, enquiryId, startsAt, reference, name, vehicle, topic }: BookedAppointment) => ({
  slotId,
  enquiryId,
  time: formatClock(startsAt),
  reference,
  name,
  job: [vehicle, topic].filter(Boolean).join(" · "),
});
