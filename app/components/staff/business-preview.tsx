import { Hero } from "~/components/home/hero";
import { TrustStrip } from "~/components/home/trust-strip";
import { BusinessProvider } from "~/components/shell/business";
import { HeaderPreview } from "~/components/shell/navbar";
import { TRUST_MAX_ITEMS, trustFieldName } from "~/lib/business";
import type { Business } from "~/server/entities/business.server";

/** The id of the preview, where the form's "Vorschau" (without JavaScript) brings the page back to. */
export const PREVIEW_ID = "vorschau";

/** The one-value fields the header, the hero and the trust strip show: what typing in them changes in the preview. */
const SHOWN = [
  "subtitle",
  "phone",
  "city",
  "heroTitle",
  "heroSlogan",
  "heroDetail",
  "owner",
  "masterTitle",
  "googleProfileUrl",
  "googleReviewsReadUrl",
] as const satisfies readonly (keyof Business)[];

/**
 * The record as the form's values (typed, or posted with "Vorschau") would make it: only what
 * the preview shows, unchecked; nothing of it is saved. A field not in `values` keeps the record's.
 */
export function previewBusiness(business: Business, values: Record<string, string>): Business {
  const typed = Object.fromEntries(SHOWN.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));
  const trustTyped = values[trustFieldName(0)] !== undefined;
  const trust = trustTyped
    ? Array.from({ length: TRUST_MAX_ITEMS }, (_, index) => (values[trustFieldName(index)] ?? "").trim()).filter(Boolean)
    : business.trust;
  return { ...business, ...typed, trust };
}

/**
 * "So sieht es aus": the public header, the hero and the trust strip drawn by their own
 * components from the values not saved yet (issue 39). A picture of the page, so it is inert:
 * nothing in it can be focused or followed, and it is not read out a second time.
 */
export function BusinessPreview({ business }: { business: Business }) {
  return (
    <section id={PREVIEW_ID} className="business-preview" aria-labelledby="vorschau-titel">
      <h2 id="vorschau-titel">So sieht es aus</h2>
      <p className="staff-field__hint">Kopfzeile, Titelbereich und Vertrauensstreifen der Startseite mit Ihren Eingaben – gespeichert wird erst mit „Speichern“.</p>
      {/* React 18 knows no `inert`: given as a plain attribute. */}
      <div className="business-preview__stage home" {...{ inert: "" }}>
        <BusinessProvider value={business}>
          <HeaderPreview />
          <Hero picture={null} words={business} preview />
          <TrustStrip business={business} />
        </BusinessProvider>
      </div>
    </section>
  );
}
