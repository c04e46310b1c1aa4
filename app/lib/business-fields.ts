import type { BusinessRecord } from "~/lib/business";

/*
 * What each field of the business record is (decision 020): how the form labels it, how it is
 * checked, how long it may be and what the Impressum needs of it. The server's validation
 * (entities/business.server.ts) and the staff form both read these specs, so a limit is written once.
 */

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

/**
 * The line under "Meisterbetrieb": the longest that stands on one line beside the menu button
 * of a 320 px phone, measured in Chromium with wide capitals ("MEISTERWERKSTATT FÜR AUTOSI…":
 * 26 characters at 320 px, 27 at 390 px). Longer ones would end in "…" on every phone page.
 */
export const SUBTITLE_MAX_LENGTH = 26;

export const BUSINESS_FIELDS: readonly FieldSpec[] = [
  { key: "name", label: "Firmenname mit Rechtsform", kind: "line", maxLength: LINE, required: true, impressum: true, placeholder: true, hint: "z. B. Autosattlerei Müller e. K.", autoComplete: "organization" },
  { key: "subtitle", label: "Zeile unter „Meisterbetrieb“", kind: "line", maxLength: SUBTITLE_MAX_LENGTH, required: true, hint: "In der Navigation und in Linkvorschauen, z. B. Autosattlerei in Köln" },
  { key: "owner", label: "Inhaber / Meister", kind: "line", maxLength: 100, required: true, impressum: true, placeholder: true, autoComplete: "name" },
  { key: "masterTitle", label: "Berufsbezeichnung wie im Meisterbrief", kind: "line", maxLength: 150, required: true, impressum: true, placeholder: true },
  { key: "masterAwardedIn", label: "Verliehen in", kind: "line", maxLength: 100, required: true, impressum: true, hint: "Staat, in dem der Meistertitel verliehen wurde" },
  { key: "foundedYear", label: "Gegründet (Jahr)", kind: "year", maxLength: 4, inputMode: "numeric" },
  { key: "description", label: "Kurzbeschreibung", kind: "text", maxLength: 300, required: true, hint: "Ein, zwei Sätze; Suchmaschinen zeigen sie unter Ihrem Namen." },

  { key: "street", label: "Straße und Hausnummer", kind: "line", maxLength: 100, required: true, impressum: true, placeholder: true, autoComplete: "street-address" },
  { key: "postalCode", label: "PLZ", kind: "postcode", maxLength: 5, required: true, impressum: true, inputMode: "numeric", autoComplete: "postal-code" },
  { key: "city", label: "Ort", kind: "line", maxLength: 60, required: true, impressum: true, autoComplete: "address-level2" },
  { key: "directions", label: "Anfahrt & Parken", kind: "text", maxLength: 400, hint: "Kurz: Parken, Eingang, Haltestelle. Steht auf der Kontaktseite." },
  { key: "paymentNote", label: "Bezahlung", kind: "line", maxLength: 80, hint: "Wie Kunden bei Abholung zahlen, z. B. bar oder EC-Karte. Steht beim Preis und in der Fertig-Meldung." },
  { key: "phone", label: "Telefon", kind: "phone", maxLength: 30, required: true, impressum: true, placeholder: true, inputMode: "tel", autoComplete: "tel", hint: "So, wie es auf der Website stehen soll, z. B. 0221 123456-0" },
  { key: "whatsapp", label: "Mobilnummer für WhatsApp", kind: "phone", maxLength: 30, inputMode: "tel", hint: "Freiwillig. Die Website zeigt nur einen Link; es wird nichts geladen." },
  { key: "email", label: "E-Mail", kind: "email", maxLength: 120, required: true, impressum: true, placeholder: true, inputMode: "email", autoComplete: "email" },
  { key: "website", label: "Adresse der Website", kind: "website", maxLength: 100, required: true, inputMode: "url", hint: "Für Suchmaschinen und Links in E-Mails, z. B. https://www.autosattlerei-koeln.de" },
  { key: "latitude", label: "Breitengrad", kind: "latitude", maxLength: 12, inputMode: "decimal", hint: "Mit 5 Nachkommastellen (auf etwa 1 m genau), z. B. 50.93749; in Google Maps: Rechtsklick auf den Ort" },
  { key: "longitude", label: "Längengrad", kind: "longitude", maxLength: 12, inputMode: "decimal", hint: "Mit 5 Nachkommastellen, z. B. 6.96031" },

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
  { key: "googleReviewsReadUrl", label: "Link „Bewertungen lesen“ bei Google", kind: "url", maxLength: 300, inputMode: "url", hint: "Wohin „Bewertungen bei Google“ auf der Startseite führt; leer: zum Google-Profil" },
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

/**
 * The form's sections in their order, each saved on its own (issue 39); the promises and the
 * trust strip sit in "Auftritt" after the hero's fields.
 */
export const BUSINESS_SECTIONS = [
  { id: "betrieb", title: "Betrieb", fields: ["name", "subtitle", "owner", "masterTitle", "masterAwardedIn", "foundedYear", "description"] },
  {
    id: "kontakt",
    title: "Adresse & Kontakt",
    fields: ["street", "postalCode", "city", "directions", "paymentNote", "phone", "whatsapp", "email", "website", "latitude", "longitude"],
  },
  {
    id: "rechtliches",
    title: "Rechtliches (Impressum)",
    fields: ["legalForm", "representative", "registerCourt", "registerNumber", "vatId", "chamber", "chamberNumber", "guild", "contentResponsible"],
  },
  { id: "auftritt", title: "Auftritt", fields: ["heroTitle", "heroSlogan", "heroDetail", "googleProfileUrl", "googleReviewUrl", "googleReviewsReadUrl", "instagramUrl", "facebookUrl"] },
  { id: "ueber-uns", title: "Über uns", fields: ["masterText"] },
] as const satisfies readonly { id: string; title: string; fields: readonly ScalarKey[] }[];

export type BusinessSectionId = (typeof BUSINESS_SECTIONS)[number]["id"];

const SECTION_IDS = new Set<string>(BUSINESS_SECTIONS.map((section) => section.id));

export const isBusinessSection = (id: string): id is BusinessSectionId => SECTION_IDS.has(id);

/** Every key of the record a section saves: its fields, and in "Auftritt" the promises and the trust strip. */
export function sectionKeys(id: BusinessSectionId): (keyof BusinessRecord)[] {
  const section = BUSINESS_SECTIONS.find((candidate) => candidate.id === id);
  const fields: (keyof BusinessRecord)[] = section ? [...section.fields] : [];
  return id === "auftritt" ? [...fields.slice(0, 3), "promises", "trust", ...fields.slice(3)] : fields;
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
