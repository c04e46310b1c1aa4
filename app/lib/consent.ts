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
