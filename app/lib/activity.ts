/*
 * What the Papierkorb, the Verlauf and the Team page share between server and browser: the
 * kinds of items and their German names, the actions the Verlauf records, and how long
 * things are kept (decision 016). Each number is written here once and used by the server's
 * rules and the pages' texts alike.
 */

/** A deleted item stays in the Papierkorb this long, then the scheduled handler deletes it for good. */
export const TRASH_KEEP_DAYS = 30;
/** Verlauf entries older than this are deleted by the scheduled handler ("older than a year"). */
export const LOG_KEEP_DAYS = 365;
/** An invitation link can be used this long (once). */
export const INVITATION_VALID_DAYS = 7;
/** What a link that cannot be used (any more) says, on its page and as the refusal of its form. */
export const INVITATION_GONE =
  "Diese Einladung gilt nicht mehr: Sie ist abgelaufen, wurde schon verwendet oder zurückgezogen. Bitte fragen Sie nach einer neuen.";

export const TRASH_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 30;
export const LOG_MAX_PAGE_SIZE = 100;

/** What can be deleted into the Papierkorb, as `GET /api/v1/trash/get` names it. */
export const TRASH_KINDS = ["news", "alert", "special-hours", "reference", "category", "enquiry", "reply-snippet", "project"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Every kind of item the Verlauf names: the Papierkorb's, and what is changed but never deleted. */
export type ItemKind = TrashKind | "opening-hours" | "business" | "account" | "invitation";

/** Singular, as a line of the Papierkorb or the Verlauf says what an item was. */
export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  news: "Neuigkeit",
  alert: "Information",
  "special-hours": "Sonderzeit",
  reference: "Bild",
  category: "Kategorie",
  enquiry: "Anfrage",
  "reply-snippet": "Antwortvorlage",
  project: "Projekt",
  "opening-hours": "Öffnungszeiten",
  business: "Betriebsdaten",
  account: "Konto",
  invitation: "Einladung",
};

/** What the Verlauf records, as the API's `action` and the page show it. */
export const LOG_ACTIONS = [
  "angelegt",
  "geändert",
  "gelöscht",
  "wiederhergestellt",
  "endgültig gelöscht",
  "angemeldet",
  "Passwort geändert",
  "überall abgemeldet",
  "zurückgezogen",
  "entfernt",
  "Antwort geöffnet",
  // An enquiry's steps after its arrival (decision 021), by staff and by the customer.
  "Preis erstellt",
  "Angebot angenommen",
  "Richtpreis bestätigt",
  "Rückfrage gestellt",
  "Termine vorgeschlagen",
  "Termin gewählt",
  "Kein Termin passt",
  "Termin verschieben",
  "fertig gemeldet",
  "Kunde benachrichtigt",
  // The job's own steps (app/lib/job.ts).
  "Fahrzeug angekommen",
  "fertig zurückgenommen",
  "abgeholt",
  "Statuslink erneuert",
  // The customer's consent to show her job (decision 025).
  "Fotos freigegeben",
  "Kundenstimme freigegeben",
  "Fotos nicht mehr freigegeben",
  "Kundenstimme nicht mehr freigegeben",
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/**
 * Actions that say all themselves: a staff member's own account ("Angemeldet", not "Konto
 * angemeldet"), a reply, whose title names the enquiry ("Antwort geöffnet – A-2026-0042 per WhatsApp"),
 * and an enquiry's steps ("Angebot angenommen", not "Anfrage Angebot angenommen").
 */
const ACCOUNT_ACTIONS: Partial<Record<LogAction, string>> = {
  angemeldet: "Angemeldet",
  "Passwort geändert": "Passwort geändert",
  "überall abgemeldet": "Überall abgemeldet",
  "Antwort geöffnet": "Antwort geöffnet",
  "Preis erstellt": "Richtpreis / Angebot erstellt",
  "Angebot angenommen": "Angebot angenommen",
  "Richtpreis bestätigt": "Richtpreis bestätigt",
  "Rückfrage gestellt": "Rückfrage zum Preis",
  "Termine vorgeschlagen": "Termine vorgeschlagen",
  "Termin gewählt": "Termin gewählt",
  "Kein Termin passt": "Kein Termin passt",
  "Termin verschieben": "Kunde möchte den Termin verschieben",
  "fertig gemeldet": "Fahrzeug fertig gemeldet",
  "Kunde benachrichtigt": "Kunde benachrichtigt",
  "Statuslink erneuert": "Neuer Link zur Statusseite",
  "Fotos freigegeben": "Kunde erlaubt, die Fotos zu zeigen",
  "Kundenstimme freigegeben": "Kunde erlaubt, die Kundenstimme zu zeigen",
  "Fotos nicht mehr freigegeben": "Kunde nimmt die Freigabe der Fotos zurück",
  "Kundenstimme nicht mehr freigegeben": "Kunde nimmt die Freigabe der Kundenstimme zurück",
};

/** What happened, as the Verlauf's line says it: "Neuigkeit gelöscht", "Einladung erstellt", "Angemeldet". */
export function logSummary(kind: ItemKind, action: LogAction): string {
  const own = ACCOUNT_ACTIONS[action];
  if (own) return own;
  return `${ITEM_KIND_LABELS[kind]} ${kind === "invitation" && action === "angelegt" ? "erstellt" : action}`;
}
