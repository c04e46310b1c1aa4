/*
 * The workshop's business record (decision 020): what each field is, how long it may be, how
 * the form labels it and what the Impressum needs of it, and the plain derivations pages make
 * from it (the number a `tel:` link dials, the WhatsApp link, the map). The server's validation
 * (entities/business.server.ts) and the staff form both read these specs, so a limit is written once.
 */

/** SPEC §2: the navigation's title stays "Meisterbetrieb"; the record gives the line under it. */
export const BRAND_TITLE = "Meisterbetrieb";

/** The home page's four promises (SPEC §2's feature icons): a title and one line each. */
export const PROMISE_COUNT = 4;
/** The trust strip shows at most this many short items. */
export const TRUST_MAX_ITEMS = 5;
export const PROMISE_TITLE_MAX_LENGTH = 40;
export const PROMISE_TEXT_MAX_LENGTH = 160;
export const TRUST_ITEM_MAX_LENGTH = 60;

export interface WorkshopPromise {
  title: string;
  text: string;
}

export interface BusinessRecord {
  name: string;
  subtitle: string;
  owner: string;
  masterTitle: string;
  masterAwardedIn: string;
  foundedYear: number | null;
  description: string;

  street: string;
  postalCode: string;
  city: string;
  directions: string;
  phone: string;
  whatsapp: string;
  email: string;
  website: string;
  latitude: number | null;
  longitude: number | null;

  legalForm: string;
  representative: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
  chamber: string;
  chamberNumber: string;
  guild: string;
  contentResponsible: string;

  heroTitle: string;
  heroSlogan: string;
  heroDetail: string;
  promises: WorkshopPromise[];
  trust: string[];
  googleProfileUrl: string;
  googleReviewUrl: string;
  instagramUrl: string;
  facebookUrl: string;

  masterText: string;
}

/** The fields that are one value each (the promises and the trust strip are lists). */
export type ScalarKey = Exclude<keyof BusinessRecord, "promises" | "trust">;

/**
 * How a field is checked: `line` one line of text, `text` several lines, `url` an https link,
 * `website` the site's own https address, `phone` a number that can be dialled, `email`,
 * `postcode` five digits, `vat` DE and nine digits, `year` a founding year, `latitude`/`longitude`.
 */
export type FieldKind = "line" | "text" | "url" | "website" | "phone" | "email" | "postcode" | "vat" | "year" | "latitude" | "longitude";

export interface FieldSpec {
  key: ScalarKey;
  label: string;
  kind: FieldKind;
  maxLength: number;
  /** The form cannot be saved with it empty. */
  required?: boolean;
  /** The Impressum (§ 5 DDG, § 18 MStV) needs it: empty, it is named under "Betriebsdaten vervollständigen". */
  impressum?: boolean;
  /** Its demo value is a stand-in (a made-up name, address or number): still at it, it is named there too. */
  placeholder?: boolean;
  hint?: string;
  /** The phone keyboard's layout and the browser's autofill. */
  inputMode?: "tel" | "email" | "url" | "numeric" | "decimal";
  autoComplete?: string;
}

const LINE = 120;

export const BUSINESS_FIELDS: readonly FieldSpec[] = [
  { key: "name", label: "Firmenname mit Rechtsform", kind: "line", maxLength: LINE, required: true, impressum: true, placeholder: true, hint: "z. B. Autosattlerei Müller e. K.", autoComplete: "organization" },
  { key: "subtitle", label: "Zeile unter „Meisterbetrieb“", kind: "line", maxLength: 40, required: true, hint: "In der Navigation und in Linkvorschauen, z. B. Autosattlerei in Köln" },
  { key: "owner", label: "Inhaber / Meister", kind: "line", maxLength: 100, required: true, impressum: true, placeholder: true, autoComplete: "name" },
  { key: "masterTitle", label: "Berufsbezeichnung wie im Meisterbrief", kind: "line", maxLength: 150, required: true, impressum: true, placeholder: true },
  { key: "masterAwardedIn", label: "Verliehen in", kind: "line", maxLength: 100, required: true, impressum: true, hint: "Staat, in dem der Meistertitel verliehen wurde" },
  { key: "foundedYear", label: "Gegründet (Jahr)", kind: "year", maxLength: 4, inputMode: "numeric" },
  { key: "description", label: "Kurzbeschreibung", kind: "text", maxLength: 300, required: true, hint: "Ein, zwei Sätze; Suchmaschinen zeigen sie unter Ihrem Namen." },

  { key: "street", label: "Straße und Hausnummer", kind: "line", maxLength: 100, required: true, impressum: true, placeholder: true, autoComplete: "street-address" },
  { key: "postalCode", label: "PLZ", kind: "postcode", maxLength: 5, required: true, impressum: true, inputMode: "numeric", autoComplete: "postal-code" },
  { key: "city", label: "Ort", kind: "line", maxLength: 60, required: true, impressum: true, autoComplete: "address-level2" },
  { key: "directions", label: "Anfahrt & Parken", kind: "text", maxLength: 400, hint: "Kurz: Parken, Eingang, Haltestelle. Steht auf der Kontaktseite." },
  { key: "phone", label: "Telefon", kind: "phone", maxLength: 30, required: true, impressum: true, placeholder: true, inputMode: "tel", autoComplete: "tel", hint: "So, wie es auf der Website stehen soll, z. B. 0221 123456-0" },
  { key: "whatsapp", label: "Mobilnummer für WhatsApp", kind: "phone", maxLength: 30, inputMode: "tel", hint: "Freiwillig. Die Website zeigt nur einen Link; es wird nichts geladen." },
  { key: "email", label: "E-Mail", kind: "email", maxLength: 120, required: true, impressum: true, placeholder: true, inputMode: "email", autoComplete: "email" },
  { key: "website", label: "Adresse der Website", kind: "website", maxLength: 100, required: true, inputMode: "url", hint: "Für Suchmaschinen und Links in E-Mails, z. B. https://www.autosattlerei-koeln.de" },
  { key: "latitude", label: "Breitengrad", kind: "latitude", maxLength: 12, inputMode: "decimal", hint: "z. B. 50.9375 (Punkt oder Komma)" },
  { key: "longitude", label: "Längengrad", kind: "longitude", maxLength: 12, inputMode: "decimal", hint: "z. B. 6.9603" },

  { key: "legalForm", label: "Rechtsform", kind: "line", maxLength: 60, required: true, impressum: true, hint: "z. B. Einzelunternehmen, e. K., GmbH" },
  { key: "representative", label: "Vertretungsberechtigt", kind: "line", maxLength: 150, required: true, impressum: true, placeholder: true, hint: "Inhaber oder Geschäftsführer mit Namen" },
  { key: "registerCourt", label: "Registergericht", kind: "line", maxLength: 100, hint: "Nur bei Eintrag im Handelsregister, z. B. Amtsgericht Köln" },
  { key: "registerNumber", label: "Registernummer", kind: "line", maxLength: 40, hint: "z. B. HRA 12345" },
  { key: "vatId", label: "USt-IdNr.", kind: "vat", maxLength: 14, placeholder: true, hint: "DE und 9 Ziffern; leer lassen, wenn Sie keine haben" },
  { key: "chamber", label: "Handwerkskammer", kind: "line", maxLength: 100, required: true, impressum: true },
  { key: "chamberNumber", label: "Betriebsnummer der Handwerksrolle", kind: "line", maxLength: 40, impressum: true },
  { key: "guild", label: "Innung", kind: "line", maxLength: 100, hint: "Freiwillig, z. B. Innung für Raumausstatter und Sattler Köln" },
  { key: "contentResponsible", label: "Inhaltlich verantwortlich (§ 18 MStV)", kind: "line", maxLength: 200, required: true, impressum: true, placeholder: true, hint: "Name und Anschrift" },

  { key: "heroTitle", label: "Überschrift", kind: "line", maxLength: 60, required: true },
  { key: "heroSlogan", label: "Slogan", kind: "line", maxLength: 100, required: true },
  { key: "heroDetail", label: "Zeile darunter", kind: "text", maxLength: 200, required: true },
  { key: "googleProfileUrl", label: "Google-Unternehmensprofil", kind: "url", maxLength: 300, inputMode: "url", hint: "Link, der mit https:// beginnt" },
  { key: "googleReviewUrl", label: "Link „Bewertung schreiben“ bei Google", kind: "url", maxLength: 300, inputMode: "url" },
  { key: "instagramUrl", label: "Instagram", kind: "url", maxLength: 300, inputMode: "url" },
  { key: "facebookUrl", label: "Facebook", kind: "url", maxLength: 300, inputMode: "url" },

  { key: "masterText", label: "Ein paar Sätze vom Meister", kind: "text", maxLength: 600, hint: "In Ihren eigenen Worten; steht auf „Über uns“ und auf der Startseite." },
];

const SPECS = new Map(BUSINESS_FIELDS.map((spec) => [spec.key, spec]));

export function fieldSpec(key: ScalarKey): FieldSpec {
  const spec = SPECS.get(key);
  if (!spec) throw new Error(`Unbekanntes Feld ${key}`);
  return spec;
}

/** The form's sections in their order; the promises and the trust strip sit in "Auftritt" after the hero's fields. */
export const BUSINESS_SECTIONS = [
  { id: "betrieb", title: "Betrieb", fields: ["name", "subtitle", "owner", "masterTitle", "masterAwardedIn", "foundedYear", "description"] },
  {
    id: "kontakt",
    title: "Kontakt",
    fields: ["street", "postalCode", "city", "directions", "phone", "whatsapp", "email", "website", "latitude", "longitude"],
  },
  {
    id: "rechtliches",
    title: "Rechtliches (Impressum)",
    fields: ["legalForm", "representative", "registerCourt", "registerNumber", "vatId", "chamber", "chamberNumber", "guild", "contentResponsible"],
  },
  { id: "auftritt", title: "Auftritt", fields: ["heroTitle", "heroSlogan", "heroDetail", "googleProfileUrl", "googleReviewUrl", "instagramUrl", "facebookUrl"] },
  { id: "ueber-uns", title: "Über uns", fields: ["masterText"] },
] as const satisfies readonly { id: string; title: string; fields: readonly ScalarKey[] }[];

/* The form's names for the list fields: promise1Title … promise4Text, trust1 … trust5. */
export const promiseFieldName = (index: number, part: keyof WorkshopPromise) =>
  `promise${index + 1}${part === "title" ? "Title" : "Text"}`;
export const trustFieldName = (index: number) => `trust${index + 1}`;

/** The element id of a field on /intern/betrieb, so the completeness list can link to it. */
export const businessFieldId = (name: string) => `betrieb-${name}`;

/**
 * The number a `tel:` link dials, from the number as shown: "0221 123456-0" → "+492211234560".
 * A national number (leading 0) is German; "+49 (0)221 …" drops the bracketed 0. Null for
 * anything that cannot be dialled (letters, too few or too many digits).
 */
export function dialNumber(shown: string): string | null {
  const text = shown.trim().replace(/\(0\)/g, "");
  if (!/^\+?[\d\s\-/().]+$/.test(text)) return null;
  const digits = text.replace(/[\s\-/().]/g, "");
  let international: string;
  if (digits.startsWith("+")) international = digits.slice(1);
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.startsWith("0")) international = `49${digits.slice(1)}`;
  else return null;
  return /^[1-9]\d{6,14}$/.test(international) ? `+${international}` : null;
}

export const telHref = (shown: string) => `tel:${dialNumber(shown) ?? shown.replace(/[^\d+]/g, "")}`;

/** A plain link to WhatsApp's chat with the number: nothing loads from WhatsApp until it is clicked. */
export function whatsappHref(mobile: string): string | null {
  const number = mobile ? dialNumber(mobile) : null;
  return number ? `https://wa.me/${number.slice(1)}` : null;
}

export const postalAddress = (business: Pick<BusinessRecord, "street" | "postalCode" | "city">) =>
  `${business.street}, ${business.postalCode} ${business.city}`;

/** Google's map frame at the saved position, or at the address when none is saved (no geocoding service of our own). */
export function mapEmbedUrl(business: BusinessRecord): string {
  const place =
    business.latitude !== null && business.longitude !== null
      ? `${business.latitude},${business.longitude}`
      : encodeURIComponent(`${business.name}, ${postalAddress(business)}`);
  return `https://www.google.com/maps?q=${place}&z=15&output=embed`;
}

/** The social profiles that are filled in, as the footer and the contact page list them. */
export function socialLinks(business: BusinessRecord): { label: string; url: string }[] {
  return [
    { label: "Instagram", url: business.instagramUrl },
    { label: "Facebook", url: business.facebookUrl },
    { label: "Google", url: business.googleProfileUrl },
  ].filter((link) => link.url !== "");
}

const isEmpty = (value: BusinessRecord[ScalarKey]) => value === null || value === "";

/**
 * The fields the Impressum needs that are empty or still hold the demo's stand-in (`demo`, the
 * values of lib/site-config.ts), in the form's order: what "Betriebsdaten vervollständigen" names
 * until the site can go live.
 */
export function missingForImpressum(record: BusinessRecord, demo: BusinessRecord): FieldSpec[] {
  return BUSINESS_FIELDS.filter(
    (spec) =>
      (spec.impressum && isEmpty(record[spec.key])) ||
      (spec.placeholder && !isEmpty(demo[spec.key]) && record[spec.key] === demo[spec.key]),
  );
}
