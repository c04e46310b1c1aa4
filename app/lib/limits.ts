/**
 * Lengths and page sizes that both the server's validation and the forms or lists in
 * the browser need: each is written here once and used in the zod schema and in the
 * field's maxLength (or the list's paging), so the two never disagree.
 */

/** Titles of news and important notices. */
export const TITLE_MAX_LENGTH = 200;
/** Texts of news and important notices. */
export const TEXT_MAX_LENGTH = 5000;
/** The description of a reference image. */
export const DESCRIPTION_MAX_LENGTH = 1000;
/** One weekday's opening hours, and the "Zeiten" of a special entry. */
export const OPENING_HOURS_MAX_LENGTH = 120;
/** The "Anlass" of a special entry. */
export const SPECIAL_HOURS_TITLE_MAX_LENGTH = 100;
/** A reply snippet's title (what staff pick it by) and text (a WhatsApp message or a short e-mail). */
export const REPLY_SNIPPET_TITLE_MAX_LENGTH = 80;
export const REPLY_SNIPPET_TEXT_MAX_LENGTH = 2000;

/** SPEC §9: news come 15 at a time, in the API and in the home page's feed. */
export const NEWS_PAGE_SIZE = 15;

/** A customer's questions about one enquiry's price ("Rückfrage"), in all, and the least time between two (decision 007). */
export const MAX_CUSTOMER_QUESTIONS = 10;
export const CUSTOMER_QUESTION_INTERVAL_MS = 60_000;
/** E-mails to customers per hour from the whole site; beyond it a step stays "nicht benachrichtigt" for staff to share. */
export const CUSTOMER_MAIL_LIMIT = 30;
