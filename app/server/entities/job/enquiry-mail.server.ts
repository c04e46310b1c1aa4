import { formatDateTime } from "~/lib/dates";
import { CONTACT_CHANNEL_LABELS, preferredTimeLabel } from "~/lib/enquiry";
import { galleryHref } from "~/lib/gallery-links";
import { absoluteUrl } from "~/lib/seo";
import type { BusinessRecord } from "~/lib/business";
import { plainMail } from "~/server/base/mail-message.server";
import type { Database } from "~/server/db/client.server";
import { getBusiness } from "../business.server";
import { type Enquiry, enquiriesAwaitingMail, getEnquiry, setMailStatus } from "./enquiries.server";

/*
 * The e-mail to the workshop about a new enquiry (decision 014): plain text with every
 * field and a link to the enquiry in the staff area, no photos (they stay private in R2).
 * It goes out through the `send_email` binding, whose only destination is the workshop's
 * own address (wrangler.toml). It is sent after the customer's answer; a failure is
 * recorded on the enquiry, shown in the inbox and retried by the scheduled handler.
 */

/** The binding's only destination (`destination_address` in wrangler.toml): set at deployment, not in the business record. */
const WORKSHOP_MAILBOX = "info@autosattlerei-koeln.de";
/** Email Routing sends only from the workshop's own domain. */
export const ENQUIRY_MAIL_SENDER = `anfrage@${WORKSHOP_MAILBOX.slice(WORKSHOP_MAILBOX.indexOf("@") + 1)}`;

/** The staff page of one enquiry. */
export const enquiryStaffPath = (id: string) => `/intern/anfragen?anfrage=${encodeURIComponent(id)}`;

/** An enquiry still "ausstehend" this long after it arrived was never sent (its worker stopped): the retry sends it. */
export const MAIL_RETRY_AFTER_MS = 10 * 60 * 1000;

/**
 * A one-line field as one line, even one stored before line breaks were refused in it: whatever
 * the customer typed must never start a line of its own that could pass for the site's.
 */
export const asOneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ");

/** The customer's free text quoted as a mail program quotes, every line behind "> ". */
const quoted = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${asOneLine(line)}`.trimEnd());

/** What the mail takes from the business record: the sender's name and the site's address for the link. */
type MailBusiness = Pick<BusinessRecord, "name" | "website">;

function mailText(enquiry: Enquiry, business: MailBusiness): string {
  const lines = [
    `Neue Anfrage ${enquiry.reference} über die Website, eingegangen am ${formatDateTime(enquiry.createdAt)} Uhr.`,
    "",
    `Worum geht es?  ${enquiry.topic}`,
    `Fahrzeug:       ${asOneLine(enquiry.vehicle) || "–"}`,
    `Wunschtermin:   ${enquiry.preferredDate ? preferredTimeLabel(enquiry.preferredDate) : "–"}`,
    `Name:           ${asOneLine(enquiry.name)}`,
    `E-Mail:         ${enquiry.email ?? "–"}`,
    `Telefon:        ${enquiry.phone ? asOneLine(enquiry.phone) : "–"}`,
    `Antwort per:    ${enquiry.contactBy ? CONTACT_CHANNEL_LABELS[enquiry.contactBy] : "–"}`,
    `Erreichbar:     ${asOneLine(enquiry.reachable) || "–"}`,
    `Schaden:        ${enquiry.damage.length > 0 ? enquiry.damage.join(", ") : "–"}`,
    `Fotos:          ${enquiry.photos.length === 0 ? "keine" : `${enquiry.photos.length} (nur im internen Bereich zu sehen)`}`,
    `Bezug:          ${
      enquiry.referencePicture
        ? `${asOneLine(enquiry.referencePicture.description) || "Bild aus der Galerie"} – ${absoluteUrl(business.website, galleryHref({ image: enquiry.referencePicture.id }))}`
        : "–"
    }`,
    "",
    "Beschreibung, wie die Kundin oder der Kunde sie geschrieben hat:",
    ...quoted(enquiry.description),
    "",
    `Anfrage im internen Bereich öffnen: ${absoluteUrl(business.website, enquiryStaffPath(enquiry.id))}`,
  ];
  if (enquiry.email) lines.push("", "Eine Antwort auf diese E-Mail geht direkt an die Kundin oder den Kunden.");
  return lines.join("\r\n");
}

/** The message to the workshop, from the site's own sender; `Reply-To` is the customer when they gave an address. */
export function enquiryMail(enquiry: Enquiry, business: MailBusiness): Promise<EmailMessage> {
  return plainMail({
    from: { name: `Website ${business.name}`, addr: ENQUIRY_MAIL_SENDER },
    to: WORKSHOP_MAILBOX,
    subject: `Neue Anfrage ${enquiry.reference}: ${enquiry.topic} – ${enquiry.name}`,
    text: mailText(enquiry, business),
    replyTo: enquiry.email ? { name: enquiry.name, addr: enquiry.email } : undefined,
  });
}

/** Sends the e-mail about one enquiry and records the outcome; never throws (the enquiry is stored already). */
export async function sendEnquiryMail(db: Database, mail: SendEmail, enquiry: Enquiry): Promise<boolean> {
  try {
    await mail.send(await enquiryMail(enquiry, await getBusiness(db)));
    await setMailStatus(db, enquiry.id, "gesendet");
    return true;
  } catch (error) {
    console.error("E-Mail zur Anfrage nicht zugestellt; die Wartung versucht es wieder", enquiry.reference, error);
    await setMailStatus(db, enquiry.id, "fehlgeschlagen").catch(() => {});
    return false;
  }
}

/**
 * After the customer's answer: the e-mail about the enquiry just stored. Never throws: it runs
 * after the answer, where nobody could see an error, and an enquiry it could not read stays
 * "ausstehend", which the scheduled handler sends later.
 */
export async function sendNewEnquiryMail(db: Database, mail: SendEmail, id: string): Promise<void> {
  try {
    const enquiry = await getEnquiry(db, id);
    if (enquiry?.mailStatus === "ausstehend") await sendEnquiryMail(db, mail, enquiry);
  } catch (error) {
    console.error("Anfrage für die E-Mail nicht lesbar; die Wartung sendet sie später", id, error);
  }
}

/** For the scheduled handler: sends every e-mail that failed or never went out. Returns the references sent. */
export async function retryEnquiryMails(db: Database, mail: SendEmail, now = new Date()): Promise<string[]> {
  const sent: string[] = [];
  for (const enquiry of await enquiriesAwaitingMail(db, new Date(now.getTime() - MAIL_RETRY_AFTER_MS))) {
    if (await sendEnquiryMail(db, mail, enquiry)) sent.push(enquiry.reference);
  }
  return sent;
}

/**
 * What a customer did on the status page (accepted the price, asked, chose a date, "Keiner passt"),
 * mailed to the workshop like a new enquiry, with what they wrote quoted. After the answer; never
 * throws: the staff view shows it anyway.
 */
export async function sendWorkshopNote(
  db: Database,
  mail: SendEmail,
  enquiryId: string,
  { what, details = [], message = "" }: { what: string; details?: string[]; message?: string },
): Promise<void> {
  try {
    const enquiry = await getEnquiry(db, enquiryId);
    if (!enquiry) return;
    const business = await getBusiness(db);
    const lines = [
      `${what} – Anfrage ${enquiry.reference} (${enquiry.topic}, ${asOneLine(enquiry.name)}).`,
      ...details,
      ...(message ? ["", "Was die Kundin oder der Kunde geschrieben hat:", ...quoted(message)] : []),
      "",
      `Anfrage im internen Bereich öffnen: ${absoluteUrl(business.website, enquiryStaffPath(enquiry.id))}`,
    ];
    await mail.send(
      await plainMail({
        from: { name: `Website ${business.name}`, addr: ENQUIRY_MAIL_SENDER },
        to: WORKSHOP_MAILBOX,
        subject: `Anfrage ${enquiry.reference}: ${what}`,
        text: lines.join("\r\n"),
        replyTo: enquiry.email ? { name: enquiry.name, addr: enquiry.email } : undefined,
      }),
    );
  } catch (error) {
    console.error("E-Mail an die Werkstatt nicht zugestellt", enquiryId, what, error);
  }
}
