import type { BusinessRecord } from "~/lib/business";

/**
 * The demo workshop: what the business record holds until staff save their own at
 * /intern/betrieb (decision 020). Nothing reads these values but the record's defaults
 * (entities/business.server.ts) and the completeness check, which names every field the
 * Impressum needs that still holds one of the stand-ins below (`placeholder` in lib/business-fields.ts).
 */
export const DEMO_BUSINESS: BusinessRecord = {
  name: "Autosattlerei Meisterbetrieb",
  subtitle: "Autosattlerei in Köln",
  owner: "Max Mustermann",
  masterTitle: "Sattlermeister (Fahrzeugsattler) und Raumausstatter",
  masterAwardedIn: "Bundesrepublik Deutschland",
  foundedYear: null,
  description:
    "Autosattlerei in Köln: Sitze, Lenkräder, Cabrioverdecke und Innenausstattungen in Leder und Stoff – in Handarbeit vom Meisterbetrieb.",

  street: "Musterstraße 12",
  postalCode: "50667",
  city: "Köln",
  directions: "Kundenparkplätze direkt vor der Werkstatt. Bitte klingeln Sie am Rolltor.",
  paymentNote: "bar oder EC-Karte",
  phone: "0221 123456-0",
  whatsapp: "",
  email: "info@autosattlerei-koeln.de",
  website: "https://www.autosattlerei-koeln.de",
  latitude: 50.93749,
  longitude: 6.96031,

  legalForm: "Einzelunternehmen",
  representative: "Max Mustermann (Inhaber)",
  registerCourt: "",
  registerNumber: "",
  vatId: "DE000000000",
  chamber: "Handwerkskammer zu Köln",
  chamberNumber: "",
  guild: "",
  contentResponsible: "Max Mustermann, Musterstraße 12, 50667 Köln",

  heroTitle: "Ihre Autosattlerei in Köln",
  heroSlogan: "Handwerk, das man sieht und fühlt.",
  heroDetail:
    "Autositze, Lenkräder, Cabrioverdecke und komplette Innenausstattungen – in Leder, Alcantara und Stoff, von Meisterhand gefertigt.",
  // SPEC §2's four themes: results-oriented work, checked goods, uniqueness, fast implementation.
  promises: [
    {
      title: "Ergebnisorientiert",
      text: "Wir arbeiten, bis Passform, Spannung und Nahtbild stimmen – nicht bis die Uhr abläuft.",
    },
    {
      title: "Geprüfte Ware",
      text: "Leder und Stoffe für den Fahrzeuginnenraum, vor dem Zuschnitt Stück für Stück geprüft.",
    },
    {
      title: "Einzigartigkeit",
      text: "Farbe, Naht, Steppung und Prägung nach Ihren Wünschen – jedes Stück ein Einzelstück.",
    },
    {
      title: "Schnelle Umsetzung",
      text: "Eigene Werkstatt, kurze Wege und verlässliche Termine – vieles ist in wenigen Tagen fertig.",
    },
  ],
  trust: ["Meisterbetrieb der Handwerkskammer zu Köln", "Fester Preis vor Beginn der Arbeit", "Alles in eigener Werkstatt"],
  googleProfileUrl: "",
  googleReviewUrl: "",
  googleReviewsReadUrl: "",
  instagramUrl: "https://www.instagram.com/autosattlerei.koeln",
  facebookUrl: "",

  masterText:
    "Jeden Auftrag begleite ich selbst – vom ersten Blick auf den Sitz bis zur Übergabe. Sie wissen vorher, was es kostet, und sehen hinterher, wofür.",
};
