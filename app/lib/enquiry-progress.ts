/*
 * What happens with an enquiry after it arrived, as the customer's status page and the staff
 * view both name it: the timeline's steps, and the steps the customer is told about (by e-mail,
 * or by staff through "Kunde benachrichtigen"). Plain data shared by server and browser.
 */

import { STATUS_ANSWERED_PARAM } from "~/lib/site-areas";

/** The timeline, in order; the page lists only the steps reached so far. */
export const TIMELINE_STEPS = ["eingegangen", "in-bearbeitung", "angebot", "angenommen", "termin", "fertig", "abgeholt"] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
export const TIMELINE_LABELS: Record<TimelineStep, string> = {
  eingegangen: "Eingegangen",
  "in-bearbeitung": "In Bearbeitung",
  angebot: "Richtpreis / Angebot",
  angenommen: "Angebot angenommen",
  termin: "Termin",
  fertig: "Fertig",
  abgeholt: "Abgeholt",
};

/** What the customer is told about, each with its own e-mail; the API's `customerNotified` keys (but the reminder, which the scheduled run sends and staff never share). */
export const NOTICE_STEPS = ["received", "quote", "proposals", "appointment", "finished", "reminder"] as const;
export type NoticeStep = (typeof NOTICE_STEPS)[number];
export const NOTICE_STEP_LABELS: Record<NoticeStep, string> = {
  received: "Link zur Statusseite",
  quote: "Richtpreis / Angebot",
  proposals: "Terminvorschläge",
  appointment: "Gewählter Termin",
  finished: "Fahrzeug fertig",
  reminder: "Erinnerung am Vortag",
};

/** How a notice went: sent by e-mail, shared by staff, or why the customer was not told ("zurueckgehalten": the site's hourly ceiling of customer e-mails). */
export const NOTICE_OUTCOMES = ["gesendet", "geteilt", "fehlgeschlagen", "nicht-eingerichtet", "zurueckgehalten"] as const;
export type NoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

/** Where staff send the text themselves ("Kunde benachrichtigen"). */
export const SHARE_CHANNELS = ["whatsapp", "sms", "email"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];
export const SHARE_CHANNEL_LABELS: Record<ShareChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", email: "E-Mail" };

/** The customer's own messages from the status page. */
export const CUSTOMER_MESSAGE_KINDS = ["rueckfrage", "keiner-passt", "verschieben"] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];
export const CUSTOMER_MESSAGE_LABELS: Record<CustomerMessageKind, string> = {
  rueckfrage: "Rückfrage zum Preis",
  "keiner-passt": "Kein Termin passt",
  verschieben: "Termin verschieben",
};

/** At most this many drop-off dates are proposed at once. */
export const MAX_PROPOSALS = 3;
/** Proposals reach at most this far ahead. */
export const PROPOSAL_MAX_DAYS_AHEAD = 366;
/** How long the car is expected at the counter: the calendar entry's length. */
export const DROP_OFF_MINUTES = 30;
/** `/intern/termine` shows this week and the following ones, this many weeks in all. */
export const APPOINTMENT_WEEKS_SHOWN = 4;

/** The status page's form fields and intents. */
export const STATUS_FORM = {
  intent: "aktion",
  quote: "angebot",
  slot: "termin",
  message: "nachricht",
} as const;
/**
 * After an answer the page is loaded again with `?antwort=<intent>#bestaetigung`: the confirmation
 * comes first, the browser is at it, and its script focuses it.
 */
export const STATUS_ANSWERED = { param: STATUS_ANSWERED_PARAM, id: "bestaetigung" } as const;
export const STATUS_INTENTS = { accept: "annehmen", ask: "rueckfrage", choose: "termin-waehlen", decline: "keiner-passt", reschedule: "verschieben" } as const;

/** The staff forms of an enquiry's steps: their intents and field names. */
export const PROGRESS_INTENTS = {
  quote: "preis",
  propose: "termine",
  arrived: "angekommen",
  finish: "fertig",
  undoFinish: "fertig-zuruecknehmen",
  collected: "abgeholt",
  seen: "gesehen",
  notify: "benachrichtigen",
  renewLink: "neuer-link",
} as const;
/** "Fahrzeug ist da" before the chosen day: the second tap's field. */
export const EARLY_FIELD = "vorzeitig";
export const SLOT_FIELDS = Array.from({ length: MAX_PROPOSALS }, (_, index) => `termin-${index + 1}`);
/** "Kunde benachrichtigen": one of SHARE_CHANNELS, or "anruf" (told by phone). */
export const CHANNEL_FIELD = "kanal";
