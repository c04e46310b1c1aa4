/**
 * The workshop's business data in one place. Every value marked FILL IN is a
 * placeholder the owner must replace with the real data before going live.
 */
export const SITE = {
  /** FILL IN: the registered business name. */
  name: "Autosattlerei Meisterbetrieb",
  title: "Meisterbetrieb",
  subtitle: "Autosattlerei in Köln",
  /** FILL IN: the public address of the site, used for canonical links and the sitemap. */
  origin: "https://www.autosattlerei-koeln.de",
  /** FILL IN: owner named in the Impressum (§5 DDG). */
  owner: "Max Mustermann, Sattlermeister",
  address: {
    /** FILL IN */
    street: "Musterstraße 12",
    /** FILL IN */
    postalCode: "50667",
    locality: "Köln",
    country: "DE",
  },
  /** FILL IN: shown as typed; `phoneHref` is what the tel: link dials. */
  phone: "0221 123456-0",
  phoneHref: "+492211234560",
  /** FILL IN */
  email: "info@autosattlerei-koeln.de",
  /** FILL IN: Umsatzsteuer-ID and chamber details for the Impressum. */
  vatId: "DE000000000",
  chamber: "Handwerkskammer zu Köln",
  /** FILL IN: the professional title exactly as in the master craftsman certificate, and where it was awarded. */
  profession: {
    title: "Sattlermeister (Fahrzeugsattler) und Raumausstatter",
    awardedIn: "Bundesrepublik Deutschland",
  },
  social: {
    /** FILL IN */
    label: "Instagram",
    url: "https://www.instagram.com/autosattlerei.koeln",
  },
  map: {
    /** FILL IN: map location; the frame loads only after consent to external content. */
    latitude: 50.9375,
    longitude: 6.9603,
    embedUrl: "https://www.google.com/maps?q=50.9375,6.9603&z=15&output=embed",
  },
  copyrightYear: 2025,
} as const;
