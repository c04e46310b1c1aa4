import { data } from "@remix-run/cloudflare";
import { type FormFailure, searchWith } from "~/lib/staff-forms";
import { HttpError } from "~/server/errors.server";
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
  init: { status?: number; headers?: HeadersInit } = {},
) {
  return data<FormFailure>(
    { intent: failure.intent, id: failure.id, values: failure.values, message: result.message, fieldErrors: result.fieldErrors },
    { status: init.status ?? 400, headers: init.headers },
  );
}

/** Post/Redirect/Get after a successful write: the page again (first page, no dialog) with "Aktion Erfolgreich". */
export function succeeded(request: Request, to = new URL(request.url).pathname) {
  return redirectWithToast(request, to, { type: "success", body: SUCCESS_MESSAGE });
}

/**
 * Runs one write of an entity module and redirects back to the page (`to`) with the
 * outcome as a toast: "Aktion Erfolgreich", or the module's German message for an
 * expected failure (unknown id, …). Anything else is rethrown.
 */
export async function writeThenRedirect(request: Request, write: () => Promise<unknown>, to = new URL(request.url).pathname) {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(request, to, { type: "error", body: error.message || FAILURE_MESSAGE });
  }
  return succeeded(request, to);
}

/**
 * The record a URL-driven dialog (`?bearbeiten=<id>`, `?loeschen=<id>`) is about: from
 * the rows the page already loaded, else from the database. An id that no longer
 * exists leads back to the page without that dialog, with `gone` as an error toast.
 */
export async function dialogRecord<T extends { id: string }>(
  request: Request,
  param: string,
  { loaded, load, gone }: { loaded: T[]; load: (id: string) => Promise<T | null>; gone: string },
): Promise<T | null> {
  const url = new URL(request.url);
  const id = url.searchParams.get(param);
  if (!id) return null;
  const record = loaded.find((candidate) => candidate.id === id) ?? (await load(id));
  if (!record) {
    throw await redirectWithToast(request, `${url.pathname}${searchWith(url.search, { [param]: null })}`, {
      type: "error",
      body: gone,
    });
  }
  return record;
}

/** A form whose intent the page does not know: nothing is written. */
export function unknownIntent(intent: string, values: Record<string, string>) {
  return invalidForm(
    { intent, values },
    { message: "Unbekannte Aktion.", fieldErrors: {} },
  );
}
