import { dialNumber } from "~/lib/phone";

/*
 * The workshop's business record (decision 020): its shape, and the plain derivations pages make
 * from it (the number a `tel:` link dials, the WhatsApp link, the map). What each field is — its
 * label, limit and whether the Impressum needs it — is in business-fields.ts, which only the staff
 * form and the server read, so the public pages' script does not carry it.
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
  /** How the customer pays at pick-up ("bar oder EC-Karte"): the status page and the "fertig" e-mail. */
  paymentNote: string;
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
  /** Where a visitor reads the reviews (the trust strip's "Bewertungen bei Google"); the write form is googleReviewUrl. */
  googleReviewsReadUrl: string;
  instagramUrl: string;
  facebookUrl: string;

  masterText: string;
}

/* The form's names for the list fields: promise1Title … promise4Text, trust1 … trust5. */
export const promiseFieldName = (index: number, part: keyof WorkshopPromise) =>
  `promise${index + 1}${part === "title" ? "Title" : "Text"}`;
export const trustFieldName = (index: number) => `trust${index + 1}`;

/** The staff form's field, and the API's, for the password a change of the website address asks for again. */
export const WEBSITE_PASSWORD_FIELD = "password";

/** The element id of a field on /intern/betrieb, so the completeness list can link to it. */
export const businessFieldId = (name: string) => `betrieb-${name}`;

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

/** Where a visitor reads the reviews: the record's reading address, else the Google profile (which shows them), else none. */
export const reviewsReadUrl = (business: Pick<BusinessRecord, "googleReviewsReadUrl" | "googleProfileUrl">): string | null =>
  business.googleReviewsReadUrl || business.googleProfileUrl || null;
