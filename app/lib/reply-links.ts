import type { ReplyChannel } from "~/lib/enquiry";
import { dialNumber } from "~/lib/phone";

/*
 * The links that answer a customer from the staff member's own phone: a call, WhatsApp with the
 * text filled in, an e-mail with subject and text. Built in one place for the job card's links,
 * the action that opens a reply without JavaScript, and the browser that opens it with.
 */

/**
 * German mobile numbers (015x, 016x, 017x) as WhatsApp's links want them: the country code and
 * the number, digits only ("0171 1234567" → "491711234567"). Null for a landline or a number
 * from abroad, which the site cannot tell apart from one: WhatsApp is offered only where it
 * reaches a phone that has it.
 */
export function whatsAppNumber(phone: string | null): string | null {
  const number = phone ? dialNumber(phone) : null;
  return number && /^\+491[5-7]\d{8,9}$/.test(number) ? number.slice(1) : null;
}

/** The subject of every e-mail answer: the enquiry's reference number, so the customer's reply finds it again. */
export const replySubject = (reference: string) => `Ihre Anfrage ${reference}`;

interface Recipient {
  reference: string;
  phone: string | null;
  email: string | null;
}

/**
 * The reply `text` opened in WhatsApp or the mail program; null when the customer cannot be
 * reached there. Line breaks are "\n" however the form sent them (browsers post "\r\n").
 */
export function replyHref(channel: ReplyChannel, recipient: Recipient, typed: string): string | null {
  const text = typed.replace(/\r\n?/g, "\n");
  if (channel === "whatsapp") {
    const number = whatsAppNumber(recipient.phone);
    return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
  }
  if (!recipient.email) return null;
  return `mailto:${recipient.email}?subject=${encodeURIComponent(replySubject(recipient.reference))}&body=${encodeURIComponent(text)}`;
}
