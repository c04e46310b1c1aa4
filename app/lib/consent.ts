/*
 * What a customer can allow the workshop to show of her job (decision 025). Each choice is given
 * and withdrawn on its own; what she saw is stored with it, so these sentences are the record.
 */

export const CONSENT_CHOICES = ["fotos", "stimme"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Her statement under a project: at most this many characters. */
export const CONSENT_STATEMENT_MAX_LENGTH = 600;

/** How her name appears under her statement. */
export const SHOWN_NAME_FORMS = ["name", "initialen", "ort"] as const;
export type ShownNameForm = (typeof SHOWN_NAME_FORMS)[number];

/** How staff and the customer name each choice. */
export const CONSENT_LABELS: Record<ConsentChoice, string> = { fotos: "Fotos", stimme: "Kundenstimme" };

/**
 * The sentence the customer ticks for `choice`, with the workshop's name: the page shows it and
 * the server stores it, word for word, with her yes.
 */
export function consentWording(choice: ConsentChoice, workshop: string): string {
  const revocable = "Das ist freiwillig, und ich kann es jederzeit auf dieser Seite mit „Nicht mehr zeigen“ zurücknehmen.";
  return choice === "fotos"
    ? `Ich bin einverstanden, dass ${workshop} die Fotos meines Fahrzeugs aus dieser Anfrage auf der eigenen Website zeigt – auf einer Projektseite unter „Referenzen“, ohne erkennbares Kennzeichen und ohne Gesichter. ${revocable}`
    : `Ich bin einverstanden, dass ${workshop} meinen Text oben unter dem gewählten Namen auf der eigenen Website zeigt – als Kundenstimme auf einer Projektseite unter „Referenzen“. ${revocable}`;
}

/** The status page's consent forms: their intents and fields. */
export const CONSENT_FORM = {
  give: "zeigen",
  withdraw: "nicht-mehr-zeigen",
  choice: "auswahl",
  agree: "einverstanden",
  statement: "kundenstimme",
  nameForm: "namensform",
} as const;
