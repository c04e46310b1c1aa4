import { eq, sql } from "drizzle-orm";
import { formatCustomerTime, formatDay } from "~/lib/dates";
import type { JobMessage } from "~/lib/job";
import { type NoticeOutcome, type NoticeStep, type ShareChannel } from "~/lib/enquiry-progress";
import { daysAhead } from "~/lib/open-status";
import { formatEuro, paymentLine, VAT_PERCENT } from "~/lib/quote";
import { replyHref, replySubject, whatsAppNumber } from "~/lib/reply-links";
import { HttpError, notFound } from "~/server/base/errors.server";
import { plainMail } from "~/server/base/mail-message.server";
import { type Database, readOnce } from "~/server/db/client.server";
import { customerNotices, enquiries } from "~/server/db/schema";
import { type Actor, logStatement, rowExists } from "../activity-log.server";
import { ENQUIRY_NOT_FOUND, type Enquiry, getEnquiry } from "./enquiries.server";
import { asOneLine, ENQUIRY_MAIL_SENDER } from "./enquiry-mail.server";
import { claimCustomerMailSlot } from "./enquiry-spam.server";
import { type Progress, progressOfEnquiry } from "./enquiry-progress.server";
import { mintStatusLink, statusPageUrl } from "./enquiry-status-links.server";
import { scheduleRead } from "../opening-hours.server";
import { workshopContact } from "../workshop-contact.server";

/*
 * Telling the customer (decision 021). Each step the customer should know about — the status
 * link itself, a price, proposed dates, the chosen date, "fertig" — goes out as a plain e-mail
 * through the `CUSTOMER_MAIL` binding after the answer, with a status link of its own and no
 * attachment. Where that cannot happen (no address, no binding, a failed send), the staff view
 * offers the same text for WhatsApp, SMS or the staff member's own mail app, and the step stays
 * marked "nicht benachrichtigt" until one of them is used.
 */

/** The customers' messages come from the workshop's own domain; the binding lists this address in `allowed_sender_addresses`. */
export const CUSTOMER_MAIL_SENDER = `werkstatt@${ENQUIRY_MAIL_SENDER.slice(ENQUIRY_MAIL_SENDER.indexOf("@") + 1)}`;

/** The two `send_email` bindings and the request's work after the answer, from the load context. */
export interface Mailers {
  /** Absent where the workshop has no Email Service for customers (decision 021): then staff tell them. */
  customer: SendEmail | undefined;
  /** Email Routing to the workshop's own address (decision 014). */
  workshop: SendEmail;
  /** Messages that must wait (the "fertig" e-mail, app/lib/job.ts): a Cloudflare Queue with a delay. */
  jobs: Queue<JobMessage>;
  afterAnswer: (work: () => Promise<void>) => void;
}

const PICK_UP_DAYS_SHOWN = 6;

/** What each step says, in the order the customer meets them. */
async function paragraph(db: Database, step: NoticeStep, enquiry: Enquiry, progress: Progress, now: Date): Promise<string> {
  const { quote, appointment } = progress;
  switch (step) {
    case "received":
      // After "Neuen Link senden" the link is the news, and the earlier ones are gone.
      if (enquiry.linksRenewedAt) return `hier ist Ihr neuer Link zu Ihrer Anfrage ${enquiry.reference}. Frühere Links gelten nicht mehr.`;
      return `vielen Dank für Ihre Anfrage ${enquiry.reference}. Wir melden uns in der Regel innerhalb eines Werktags.`;
    case "quote": {
      if (!quote) return "";
      const what = quote.kind === "angebot" ? "ein verbindliches Angebot" : "einen unverbindlichen Richtpreis nach Ihren Fotos";
      return `wir haben Ihnen ${what} erstellt: ${formatEuro(quote.totalGross)} inkl. ${VAT_PERCENT} % MwSt., gültig bis ${formatDay(quote.validUntil)}. Auf Ihrer Seite können Sie ${quote.kind === "angebot" ? "es verbindlich annehmen" : "ihn bestätigen und einen Termin vereinbaren"} oder eine Rückfrage stellen.`;
    }
    case "proposals":
      return [
        "wir schlagen Ihnen diese Termine vor, Ihr Fahrzeug zu uns zu bringen:",
        ...(appointment?.proposals ?? []).map((slot) => `– ${formatCustomerTime(slot.startsAt)}`),
        "Bitte wählen Sie auf Ihrer Seite einen aus, oder sagen Sie uns dort, wenn keiner passt.",
      ].join("\r\n");
    case "reminder": {
      if (!appointment?.chosen) return "";
      const contact = await workshopContact(db);
      return [
        `zur Erinnerung: Morgen, ${formatCustomerTime(appointment.chosen.startsAt)}, bringen Sie Ihr Fahrzeug zu uns in die Werkstatt: ${contact.address}.`,
        ...(contact.directions ? [`Anfahrt: ${asOneLine(contact.directions)}`] : []),
        "Passt der Termin nicht mehr? Auf Ihrer Seite können Sie ihn verschieben, oder rufen Sie uns an.",
      ].join("\r\n");
    }
    case "appointment": {
      const contact = await workshopContact(db);
      return appointment?.chosen
        ? `Ihr Termin steht: ${formatCustomerTime(appointment.chosen.startsAt)}, bei uns in der Werkstatt (${contact.address}). Auf Ihrer Seite können Sie ihn in Ihren Kalender übernehmen.`
        : "";
    }
    case "finished": {
      const [schedule, { paymentNote }] = await Promise.all([readOnce(db, scheduleRead(db, now)), workshopContact(db)]);
      return [
        "Ihr Fahrzeug ist fertig und kann abgeholt werden. Unsere Zeiten der nächsten Tage:",
        ...daysAhead(schedule, now, PICK_UP_DAYS_SHOWN).map(({ day, hours }) => `– ${day}: ${hours}`),
        ...(paymentNote ? ["", paymentLine(paymentNote)] : []),
      ].join("\r\n");
    }
  }
}

/**
 * Whether the customer's address counts as confirmed: staff have taken the enquiry up (a reply, a
 * status, a price, dates — `startedAt`), so a person at the workshop has seen it and answers. Until
 * then anyone may have typed the address, and a message to it carries none of the sender's words
 * (decision 007): the form must not mail a stranger a text of the sender's choosing from the
 * workshop's domain.
 */
export const addressConfirmed = (enquiry: Pick<Enquiry, "startedAt">) => enquiry.startedAt !== null;

/**
 * The whole message for `steps`: greeting, a paragraph per step, the status link, the workshop's
 * signature. The greeting names the customer only where `named` (the paragraphs never quote them).
 */
export async function customerMessage(
  db: Database,
  { enquiry, progress, steps, link, named, now = new Date() }: { enquiry: Enquiry; progress: Progress; steps: NoticeStep[]; link: string | null; named: boolean; now?: Date },
): Promise<string> {
  const contact = await workshopContact(db);
  const paragraphs = (await Promise.all(steps.map((step) => paragraph(db, step, enquiry, progress, now)))).filter(Boolean);
  return [
    named ? `Guten Tag ${asOneLine(enquiry.name)},` : "Guten Tag,",
    "",
    ...paragraphs.flatMap((text) => [text, ""]),
    ...(link ? ["Alles zu Ihrer Anfrage – Preis, Termin und Stand – auf Ihrer persönlichen Seite (bitte aufbewahren):", link, ""] : []),
    "Mit freundlichen Grüßen",
    contact.name,
    contact.address,
    `Telefon ${contact.phone}`,
  ].join("\r\n");
}

/** The subject names the enquiry's number, so the customer's reply finds it again. */
function subjectOf(step: NoticeStep, enquiry: Enquiry, progress: Progress): string {
  const base = replySubject(enquiry.reference);
  switch (step) {
    case "received":
      return enquiry.linksRenewedAt ? `${base}: Ihr neuer Link` : `${base} ist angekommen`;
    case "quote":
      return `${base}: ${progress.quote?.kind === "angebot" ? "Ihr Angebot" : "Ihr Richtpreis"}`;
    case "proposals":
      return `${base}: Terminvorschläge`;
    case "appointment":
      return `${base}: Ihr Termin`;
    case "reminder":
      return `${base}: Ihr Termin morgen`;
    case "finished":
      return `${base}: Ihr Fahrzeug ist fertig`;
  }
}

/**
 * The last attempt to tell the customer about `step`, replacing an earlier one; nothing when the
 * enquiry was deleted meanwhile.
 */
function noticeStatement(db: Database, enquiryId: string, step: NoticeStep, outcome: NoticeOutcome, at: Date) {
  return db
    .insert(customerNotices)
    .select(sql`select ${enquiryId}, ${step}, ${outcome}, ${at.getTime()} where ${rowExists(enquiries, eq(enquiries.id, enquiryId))}`)
    .onConflictDoUpdate({ target: [customerNotices.enquiryId, customerNotices.step], set: { outcome, at } });
}

/**
 * Sends the e-mail about `step` and records how it went; never throws (it runs after the answer,
 * where nobody would see an error, and the staff view shows the step as not told). `token` is a
 * link already made for this message (the confirmation's), else one is made. Each e-mail counts
 * against the site-wide ceiling (`CUSTOMER_MAIL_LIMIT` an hour); beyond it the step is held back
 * and stays "nicht benachrichtigt" for staff to share.
 */
export async function sendNotice(db: Database, binding: SendEmail | undefined, enquiryId: string, step: NoticeStep, token?: string): Promise<void> {
  try {
    const enquiry = await getEnquiry(db, enquiryId);
    if (!enquiry?.email) return;
    const now = new Date();
    if (!binding) {
      await noticeStatement(db, enquiryId, step, "nicht-eingerichtet", now);
      return;
    }
    if (!(await claimCustomerMailSlot(db, now))) {
      await noticeStatement(db, enquiryId, step, "zurueckgehalten", now);
      return;
    }
    const progress = await progressOfEnquiry(db, enquiry);
    const contact = await workshopContact(db);
    const link = statusPageUrl(contact.website, token ?? (await mintStatusLink(db, enquiryId, now)));
    try {
      await binding.send(
        await plainMail({
          from: { name: contact.name, addr: CUSTOMER_MAIL_SENDER },
          to: enquiry.email,
          subject: subjectOf(step, enquiry, progress),
          text: await customerMessage(db, { enquiry, progress, steps: [step], link, named: addressConfirmed(enquiry), now }),
          replyTo: { name: contact.name, addr: contact.email },
        }),
      );
    } catch (error) {
      console.error("E-Mail an die Kundin / den Kunden nicht zugestellt", enquiry.reference, step, error);
      await noticeStatement(db, enquiryId, step, "fehlgeschlagen", new Date());
      return;
    }
    await noticeStatement(db, enquiryId, step, "gesendet", new Date());
  } catch (error) {
    console.error("Benachrichtigung nicht möglich", enquiryId, step, error);
  }
}

/** After the answer: the e-mail about `step` (a write that made the step calls this). */
export function tellCustomer(db: Database, mailers: Mailers, enquiryId: string, step: NoticeStep, token?: string): void {
  mailers.afterAnswer(() => sendNotice(db, mailers.customer, enquiryId, step, token));
}

/** The ways staff can send the text themselves to this customer: WhatsApp and SMS to a mobile number, their own mail app to an address. */
export function shareChannels(enquiry: Pick<Enquiry, "phone" | "email">): ShareChannel[] {
  return [...(whatsAppNumber(enquiry.phone) ? (["whatsapp", "sms"] as const) : []), ...(enquiry.email ? (["email"] as const) : [])];
}

/** The text opened where staff send it (WhatsApp and e-mail as a reply is opened, SMS beside them); null where it cannot go. */
function shareHref(channel: ShareChannel, enquiry: Enquiry, text: string): string | null {
  if (channel !== "sms") return replyHref(channel, enquiry, text);
  const mobile = whatsAppNumber(enquiry.phone);
  return mobile && `sms:+${mobile}?body=${encodeURIComponent(text.replace(/\r\n?/g, "\n"))}`;
}

/**
 * "Kunde benachrichtigen": the text about every step the customer has not been told of, with a
 * new status link, opened in WhatsApp, SMS or the staff member's mail app (`channel`), or none
 * when staff told the customer by phone. The steps count as told from then on (the site cannot
 * see whether the message left the phone); the Verlauf records it. Returns the link to open.
 */
export async function shareNotice(db: Database, actor: Actor, id: string, channel: ShareChannel | "anruf", now = new Date()): Promise<string | null> {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  const progress = await progressOfEnquiry(db, enquiry);
  const steps = progress.notices.filter((notice) => !notice.told).map((notice) => notice.step);
  if (steps.length === 0) throw new HttpError(409, "Die Kundin oder der Kunde weiß schon von jedem Schritt.");
  let href: string | null = null;
  if (channel !== "anruf") {
    if (!shareChannels(enquiry).includes(channel)) {
      throw new HttpError(400, channel === "email" ? "Für eine E-Mail fehlt die Adresse." : "Für WhatsApp und SMS fehlt eine Handynummer.");
    }
    const link = statusPageUrl((await workshopContact(db)).website, await mintStatusLink(db, id, now));
    // Staff send it themselves, from their own phone or mailbox: they know whom they write to.
    href = shareHref(channel, enquiry, await customerMessage(db, { enquiry, progress, steps, link, named: true, now }));
  }
  const own = eq(enquiries.id, id);
  await db.batch([
    logStatement(db, actor, { action: "Kunde benachrichtigt", kind: "enquiry", itemId: id, title: enquiry.reference }, { at: now, when: rowExists(enquiries, own) }),
    ...steps.map((step) => noticeStatement(db, id, step, "geteilt", now)),
  ]);
  return href;
}
