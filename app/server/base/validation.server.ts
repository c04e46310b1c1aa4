import { z } from "zod";
import { badRequest } from "~/server/base/errors.server";

/**
 * zod's own messages are English. The schemas give German messages for their fields;
 * this map covers what they leave to zod (a body that is not an object, a value no
 * alternative of a union accepts, an unnamed length limit), so no English reaches a client.
 */
const germanFallbackMessages: z.ZodErrorMap = (issue) => {
  const field = issue.path.length > 0 ? `„${issue.path.join(".")}“` : "Die Eingabe";
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined") return { message: `${field} fehlt.` };
      if (issue.path.length === 0 && issue.expected === "object") return { message: "Die Anfrage muss ein JSON-Objekt sein." };
      return { message: `${field} hat den falschen Typ.` };
    case z.ZodIssueCode.invalid_union: {
      // The alternative that got furthest into the value explains best what is wrong.
      const deepest = issue.unionErrors
        .flatMap((error) => error.issues)
        .reduce<z.ZodIssue | undefined>((best, next) => (!best || next.path.length > best.path.length ? next : best), undefined);
      return { message: deepest?.message ?? `${field} hat den falschen Typ.` };
    }
    case z.ZodIssueCode.too_big:
      return { message: issue.type === "array" ? `${field} hat zu viele Einträge.` : `${field} ist zu lang oder zu groß.` };
    case z.ZodIssueCode.too_small:
      return { message: issue.type === "array" ? `${field} hat zu wenige Einträge.` : `${field} ist zu kurz oder zu klein.` };
    default:
      return { message: `${field} ist ungültig.` };
  }
};
z.setErrorMap(germanFallbackMessages);

/**
 * Line breaks, tabs and every other control character, and Unicode's own line and paragraph
 * separators (U+2028, U+2029), which mail programs and calendars may break a line at: never part
 * of a one-line field.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/** Whether `value` fits on one line: no line break, separator or other control character. */
export const isOneLine = (value: string) => !LINE_BREAKING.test(value);

/** What a customer's free text may not hold: every control character but the line breaks a text field sends, and U+2028/U+2029. */
const STRAY_CONTROL = /(?![\r\n])\p{Cc}|[\u2028\u2029]/u;

/** Whether a multi-line text holds nothing but what people type: line breaks are fine, other control characters are not. */
export const isPlainText = (value: string) => !STRAY_CONTROL.test(value);

/** What a customer's text says when it holds a control character. */
export const PLAIN_TEXT_MESSAGE = "Bitte schreiben Sie ohne Steuerzeichen – außer Zeilenumbrüchen sind keine erlaubt.";

/** What a one-line field says when a line break or control character was pasted into it. */
export const oneLineMessage = (label: string) => `${label} darf nur eine Zeile sein, ohne Zeilenumbrüche oder Steuerzeichen.`;

/** A required, trimmed text field with German messages naming the field as the form labels it. */
export function requiredText(label: string, maxLength: number) {
  return z
    .string({
      required_error: `${label} fehlt.`,
      invalid_type_error: `${label} muss ein Text sein.`,
    })
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(maxLength, `${label} darf höchstens ${maxLength} Zeichen lang sein.`);
}

export const recordId = z
  .string({ required_error: "Die ID fehlt.", invalid_type_error: "Die ID muss ein Text sein." })
  .trim()
  .min(1, "Die ID fehlt.")
  .max(100, "Die ID ist ungültig.");

export interface Paging {
  startAt: number;
  limit: number;
}

/**
 * Reads `startAt` and `limit` from a query string. Values that are not whole numbers
 * are refused; out-of-range numbers are clamped so a client asking for too much still gets an answer.
 */
export function parsePaging(
  params: URLSearchParams,
  { defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number },
): Paging {
  const startAt = readWholeNumber(params, "startAt") ?? 0;
  const limit = readWholeNumber(params, "limit") ?? defaultLimit;
  return {
    startAt: Math.max(0, startAt),
    limit: Math.min(maxLimit, Math.max(1, limit)),
  };
}

function readWholeNumber(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  if (!/^-?\d{1,15}$/.test(raw.trim())) {
    throw badRequest(`${name} muss eine ganze Zahl sein.`);
  }
  return Number(raw.trim());
}

export type FieldErrors = Record<string, string>;

export type Validated<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; fieldErrors: FieldErrors };

/** Validation result with one German message per field, for forms that show errors beside their inputs. */
export function validate<T extends z.ZodTypeAny>(schema: T, input: unknown): Validated<z.infer<T>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_form";
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? "Ungültige Eingabe.", fieldErrors };
}

/** Validates and throws the first issue as a 400 with its German message. */
export function parseOrThrow<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const result = validate(schema, input);
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

export function newId(): string {
  return crypto.randomUUID();
}
