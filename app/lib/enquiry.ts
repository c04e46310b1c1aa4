import { PROJECT_PARAM } from "~/lib/projects";
/*
 * What the enquiry form ("Anfrage & Kostenvoranschlag") shares between the server's
 * validation and the page in the browser: its topics, field names, limits and the staff
 * inbox's statuses. Each limit is written once here and used by the zod schema and the
 * field's maxLength alike.
 */


/** "Worum geht es?" — the services a customer can ask about. */
export const ENQUIRY_TOPICS = [
  "Autositze",
  "Lenkrad",
  "Dachhimmel",
  "Cabrioverdeck",
  "Oldtimer-Innenausstattung",
  "Motorradsitz",
  "Boot & Sonstiges",
  /** Choosing leather and colours in the workshop: "Termin zur Musterberatung" on /ledermuster. */
  "Musterberatung",
] as const;
export type EnquiryTopic = (typeof ENQUIRY_TOPICS)[number];

/** The query parameter that preselects a topic (`/anfrage?thema=Lenkrad`), e.g. from the gallery. */
export const TOPIC_PARAM = "thema";

/** A topic named in a link (`?thema=musterberatung`), matched regardless of case; null for anything else. */
export function topicFrom(value: string | null | undefined): EnquiryTopic | null {
  const wanted = value?.trim().toLocaleLowerCase("de");
  if (!wanted) return null;
  return ENQUIRY_TOPICS.find((topic) => topic.toLocaleLowerCase("de") === wanted) ?? null;
}

/** A category and a topic share at least this many first letters to be the same thing ("Lenkräder" – "Lenkrad"). */
const SHARED_STEM = 6;

/**
 * The topic of a gallery picture: its first category that names one, in the singular or plural
 * ("Cabrioverdecke" – "Cabrioverdeck", "Oldtimer" – "Oldtimer-Innenausstattung"); null when none does.
 */
export function topicOfCategories(categories: readonly string[]): EnquiryTopic | null {
  // Umlauts of a plural count as their vowels ("Lenkräder" → "lenkrader").
  const plain = (text: string) => text.trim().toLocaleLowerCase("de").normalize("NFD").replace(/\p{M}/gu, "");
  for (const category of categories) {
    const name = plain(category);
    const topic = ENQUIRY_TOPICS.find((candidate) => {
      const lower = plain(candidate);
      const [shorter, longer] = lower.length <= name.length ? [lower, name] : [name, lower];
      return shorter.length >= SHARED_STEM && longer.startsWith(shorter);
    });
    if (topic) return topic;
  }
  return null;
}

/** The query parameter naming the gallery picture an enquiry is about (`/anfrage?bezug=<id>`), from "Ähnliches Projekt anfragen". */
export const REFERENCE_PICTURE_PARAM = "bezug";

/** "Was ist kaputt?": optional marks of the damage, as chips. */
export const DAMAGE_KINDS = ["Riss", "Brandloch", "durchgesessen", "Naht offen", "verblasst"] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

/**
 * The chips are checkboxes of one name; a form post carries them as one value, joined with this
 * (none of the kinds contains it), so the form comes back with them checked like any other field.
 */
export const DAMAGE_SEPARATOR = ",";
export const damageKindsOf = (joined: string | undefined): string[] => (joined ? joined.split(DAMAGE_SEPARATOR).filter(Boolean) : []);

/** "Wie sollen wir antworten?": the customer's preferred way, as the API names it, with its label. */
export const CONTACT_CHANNELS = ["anruf", "whatsapp", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { anruf: "Anruf", whatsapp: "WhatsApp", email: "E-Mail" };
export const ENQUIRY_REACHABLE_MAX_LENGTH = 120;

/**
 * What people write in a phone number, with at least six digits. One source for the server's check
 * and the field's `pattern` (which the browser anchors and reads with the `v` flag, so every
 * special character in the class is escaped; the same text reads alike with `u`).
 */
export const ENQUIRY_PHONE_PATTERN = String.raw`(?=(?:\D*\d){6})\+?[\d\s\(\)\/\.\-]+`;

/**
 * "Wann würde es Ihnen passen?": a rough wish, since the workshop proposes the dates (decision 021).
 * Stored as the chosen words; enquiries from before issue 39 hold a day (`YYYY-MM-DD`).
 */
export const PREFERRED_TIMES = ["so bald wie möglich", "in den nächsten 2 Wochen", "flexibel"] as const;

/** A stored Wunschtermin as staff read it: the words, or an older enquiry's day as "TT.MM.JJJJ". */
export const preferredTimeLabel = (stored: string) => (/^\d{4}-\d{2}-\d{2}$/.test(stored) ? stored.split("-").reverse().join(".") : stored);

export const ENQUIRY_DESCRIPTION_MAX_LENGTH = 2000;
export const ENQUIRY_VEHICLE_MAX_LENGTH = 120;
export const ENQUIRY_NAME_MAX_LENGTH = 120;
/** RFC 5321 allows 254 characters in a deliverable address. */
export const ENQUIRY_EMAIL_MAX_LENGTH = 254;
export const ENQUIRY_PHONE_MAX_LENGTH = 40;
/** Up to five photos of one enquiry: enough to show a seat from every side. */
export const MAX_ENQUIRY_PHOTOS = 5;

/** The form's field names, used by the page, the enhanced submission and the server. */
export const ENQUIRY_FIELDS = {
  topic: "thema",
  vehicle: "fahrzeug",
  description: "beschreibung",
  photos: "fotos",
  preferredDate: "wunschtermin",
  name: "name",
  email: "email",
  phone: "telefon",
  damage: "schaden",
  contactBy: "antwort",
  reachable: "erreichbar",
  referencePicture: REFERENCE_PICTURE_PARAM,
  project: PROJECT_PARAM,
} as const;
export type EnquiryField = keyof typeof ENQUIRY_FIELDS;

/**
 * The spam checks' hidden fields: a signed time token the server puts in, and a honeypot
 * that people never see (and so leave empty) and form-filling robots fill in.
 */
export const FORM_TOKEN_FIELD = "zeitmarke";
export const HONEYPOT_FIELD = "webseite";

/** The inbox's statuses, as the API names them, with their German labels; new enquiries are "neu". */
export const ENQUIRY_STATUSES = ["neu", "in-bearbeitung", "beantwortet", "erledigt", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  neu: "Neu",
  "in-bearbeitung": "In Bearbeitung",
  beantwortet: "Beantwortet",
  erledigt: "Erledigt",
  spam: "Spam",
};

/** The e-mail to the workshop about a new enquiry: not due (spam), on its way, sent, or failed (retried by the scheduled handler). */
export const MAIL_STATUSES = ["keine", "ausstehend", "gesendet", "fehlgeschlagen"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const ENQUIRY_NOTE_MAX_LENGTH = 5000;

/** "A-2026-0042": the year it arrived in and its number within that year. */
export const formatReference = (year: number, number: number) => `A-${year}-${String(number).padStart(4, "0")}`;

/** Where staff answer an enquiry: in their own WhatsApp or mail program (decision 014: the site sends nothing to customers). */
export const REPLY_CHANNELS = ["whatsapp", "email"] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];
export const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = { whatsapp: "WhatsApp", email: "E-Mail" };

/** The placeholders a reply snippet may contain, as staff write them, and what fills each (entities/reply-snippets.server.ts). */
export const SNIPPET_PLACEHOLDERS = {
  "{name}": "den Namen der Kundin oder des Kunden",
  "{nummer}": "die Nummer der Anfrage (A-…)",
  "{werkstatt}": "den Namen der Werkstatt",
} as const;
