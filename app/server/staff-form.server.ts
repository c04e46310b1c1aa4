import { data } from "@remix-run/cloudflare";
import type { FormFailure } from "~/lib/admin-client";
import { HttpError } from "~/server/api/http.server";
import { FAILURE_MESSAGE, redirectWithToast, SUCCESS_MESSAGE } from "~/server/toast.server";
import type { FieldErrors } from "~/server/validation.server";

/** The text fields of a posted form; files and repeated names are not part of these forms. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** 400 with the German messages and the values as entered, so the form comes back filled in. */
export function invalidForm(
  failure: { intent: string; id?: string; values: Record<string, string> },
  result: { message: string; fieldErrors: FieldErrors },
  status = 400,
) {
  return data<FormFailure>(
    { intent: failure.intent, id: failure.id, values: failure.values, message: result.message, fieldErrors: result.fieldErrors },
    { status },
  );
}

/** Post/Redirect/Get after a successful write: the page again (first page, no dialog) with "Aktion Erfolgreich". */
export function succeeded(request: Request, to = new URL(request.url).pathname) {
  return redirectWithToast(request, to, { type: "success", body: SUCCESS_MESSAGE });
}

/**
 * An expected failure from an entity module (unknown id, …) goes back to the page
 * with its German message as an error toast; anything else is rethrown.
 */
export async function failedWrite(request: Request, error: unknown, to = new URL(request.url).pathname) {
  if (error instanceof HttpError) {
    return redirectWithToast(request, to, { type: "error", body: error.message || FAILURE_MESSAGE });
  }
  throw error;
}

/** A form whose intent the page does not know: nothing is written. */
export function unknownIntent(intent: string, values: Record<string, string>) {
  return invalidForm(
    { intent, values },
    { message: "Unbekannte Aktion.", fieldErrors: {} },
  );
}
