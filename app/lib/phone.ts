/*
 * Phone numbers as the site dials them: the business record's numbers and a customer's alike.
 * One rule for turning a number as people write it into what a `tel:` or WhatsApp link needs.
 */

/**
 * The number a `tel:` link dials, from the number as shown: "0221 123456-0" → "+492211234560".
 * A national number (leading 0) is German; "+49 (0)221 …" drops the bracketed 0. Null for
 * anything that cannot be dialled (letters, too few or too many digits).
 */
export function dialNumber(shown: string): string | null {
  const text = shown.trim().replace(/\(0\)/g, "");
  if (!/^\+?[\d\s\-/().]+$/.test(text)) return null;
  const digits = text.replace(/[\s\-/().]/g, "");
  let international: string;
  if (digits.startsWith("+")) international = digits.slice(1);
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.startsWith("0")) international = `49${digits.slice(1)}`;
  else return null;
  return /^[1-9]\d{6,14}$/.test(international) ? `+${international}` : null;
}

/** A `tel:` link: the international form where the number can be read, else its digits and a leading +. */
export const telHref = (shown: string) => `tel:${dialNumber(shown) ?? shown.replace(/[^\d+]/g, "")}`;
