/*
 * A price for an enquiry ("Richtpreis / Angebot"), shared by the server's rules, the staff
 * editor's running total and the status page: kinds, limits, and the money arithmetic. Money is
 * integer cents throughout; prices are gross (incl. MwSt.), as a private customer reads them
 * (PAngV), and the VAT is the share contained in the gross sum.
 */

/** The German standard rate: every line of an upholstery job carries it. */
export const VAT_PERCENT = 19;

export const QUOTE_KINDS = ["richtpreis", "angebot"] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];
/** What the customer reads above the price. */
export const QUOTE_KIND_LABELS: Record<QuoteKind, string> = {
  richtpreis: "Unverbindlicher Richtpreis nach Fotos",
  angebot: "Verbindliches Angebot",
};
/** The timeline's and the staff view's short name. */
export const QUOTE_KIND_SHORT: Record<QuoteKind, string> = { richtpreis: "Richtpreis", angebot: "Angebot" };

/**
 * The customer's answer to each kind, said as what it binds: a Richtpreis is only confirmed (the
 * firm price follows in the workshop), an Angebot is accepted as a contract.
 */
export const QUOTE_ANSWER: Record<QuoteKind, { button: string; meaning: string; done: string }> = {
  richtpreis: {
    button: "Richtpreis passt – Termin vereinbaren",
    meaning: "Damit ist noch nichts beauftragt: Den festen Preis nennen wir, wenn wir Ihr Fahrzeug in der Werkstatt gesehen haben.",
    done: "Sie haben den Richtpreis bestätigt",
  },
  angebot: {
    button: "Angebot verbindlich annehmen",
    meaning: "Mit dem Klick beauftragen Sie die Arbeiten zum genannten Preis.",
    done: "Sie haben das Angebot verbindlich angenommen",
  },
};

/** "Bezahlung bei Abholung: bar oder EC-Karte." from the business record's "Bezahlung". */
export const paymentLine = (note: string) => `Bezahlung bei Abholung: ${note.trim().replace(/\.$/, "")}.`;

export const MAX_QUOTE_ITEMS = 20;
/** Versions of an enquiry's price: enough for every real back and forth, and a bound on what one enquiry stores (issue 37). */
export const MAX_QUOTE_VERSIONS = 30;
export const QUOTE_ITEM_TEXT_MAX_LENGTH = 200;
export const MAX_QUOTE_QUANTITY = 999;
/** 50.000 € for one line: beyond any seat, roof or interior this workshop makes; a typo above it. */
export const MAX_UNIT_PRICE_CENTS = 5_000_000;
export const QUOTE_NOTE_MAX_LENGTH = 1000;
/** The validity the editor proposes; staff may choose another day. */
export const QUOTE_VALID_DAYS = 30;
/** A price is valid at most a year ahead. */
export const QUOTE_MAX_VALID_DAYS = 366;
/** A customer's question about a price, or a note to "Keiner passt". */
export const CUSTOMER_MESSAGE_MAX_LENGTH = 1000;

/** The staff editor's field names; rows are numbered from 0. */
export const QUOTE_FORM = {
  kind: "art",
  validUntil: "gueltig-bis",
  note: "hinweis",
  text: (row: number) => `posten-${row}-text`,
  quantity: (row: number) => `posten-${row}-menge`,
  price: (row: number) => `posten-${row}-preis`,
} as const;

export interface QuoteItem {
  text: string;
  quantity: number;
  /** Cents, incl. MwSt. */
  unitPriceGross: number;
}

export interface QuoteTotals {
  /** Cents, incl. MwSt. */
  totalGross: number;
  /** The MwSt. contained in `totalGross`, in cents. */
  vat: number;
  net: number;
}

/**
 * The gross sum and the VAT it contains, computed once on the sum (not per line, so the lines
 * add up to what the customer pays). `total × 19 / 119` is never exactly half a cent for a
 * whole number of cents, so rounding is unambiguous.
 */
export function quoteTotals(items: Pick<QuoteItem, "quantity" | "unitPriceGross">[]): QuoteTotals {
  const totalGross = items.reduce((sum, item) => sum + item.quantity * item.unitPriceGross, 0);
  const vat = Math.round((totalGross * VAT_PERCENT) / (100 + VAT_PERCENT));
  return { totalGross, vat, net: totalGross - vat };
}

const euroFormat = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1.234,50 €" for 123450 cents. */
export const formatEuro = (cents: number) => `${euroFormat.format(cents / 100)} €`;

/** "1234,50" for 123450 cents: the editor's field value, without thousands separators. */
export const euroInputValue = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/**
 * A price as staff type it, in euros: "129", "129,90", "1.234,50", "1234.5", with or without
 * "€". With a comma, dots are thousands separators; without one, a dot before exactly three
 * digits is one too ("1.234") and otherwise the decimal point ("12.5"). Null for anything else.
 */
export function parseEuro(text: string): number | null {
  const value = text.replace(/€|\s/g, "");
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    normalized = value.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+(\.\d{1,2})?$/.test(value)) {
    normalized = value;
  } else {
    return null;
  }
  const cents = Math.round(Number(normalized) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}
