import { data, type TypedResponse } from "@remix-run/cloudflare";
import type { z } from "zod";
import { TRASH_KEEP_DAYS } from "~/lib/activity";
import { DELETE_PARAM, EDIT_PARAM, type FormFailure, searchWith } from "~/lib/staff-forms";
import type { Toast } from "~/lib/toast";
import { HttpError } from "~/server/base/errors.server";
import { readUploadForm } from "~/server/images/upload-form.server";
import { FAILURE_MESSAGE, redirectWithToast, type RequestArgs, SUCCESS_MESSAGE } from "~/server/web/toast.server";
import { type FieldErrors, validate, type Validated } from "~/server/base/validation.server";

/*
 * The server side of every staff form: an action names its intents, each one a
 * validate → write → redirect-with-toast (or form-back-with-errors) step built here,
 * so the staff pages differ only in what they validate and write.
 */

export type FormValues = Record<string, string>;

/** The text fields of a posted form; files and repeated names are not part of these forms. */
export function formFields(form: FormData): FormValues {
  const fields: FormValues = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** 400 with the German messages and the values as entered, so the form comes back filled in. */
export function invalidForm(
  failure: { intent: string; id?: string; values: FormValues },
  result: { message: string; fieldErrors: FieldErrors },
  init: { status?: number; headers?: HeadersInit } = {},
) {
  return data<FormFailure>(
    { intent: failure.intent, id: failure.id, values: failure.values, message: result.message, fieldErrors: result.fieldErrors },
    { status: init.status ?? 400, headers: init.headers },
  );
}

/** Remix keeps an action's headers off the page unless the route passes them on: a 429 keeps its Retry-After. */
export function retryAfterOf(actionHeaders: Headers): Headers {
  const passed = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) passed.set("Retry-After", retryAfter);
  return passed;
}

/** An expected refusal of a write, shown beside `field` of the form sent back, with the refusal's status. */
export function refusedForm(failure: { intent: string; id?: string; values: FormValues }, field: string, error: HttpError) {
  return invalidForm(failure, { message: error.message, fieldErrors: { [field]: error.message } }, error);
}

/**
 * A staff page's post that may carry pictures: multipart under the upload's limits, or a plain
 * form. One too large or unreadable is `refused`: the form of `intent` back with the reason at its
 * file field `field` and the module's status, nothing stored.
 */
export async function formWithPictures(
  request: Request,
  { intent, field }: { intent: string; field: string },
): Promise<{ ok: true; form: FormData } | { ok: false; refused: ReturnType<typeof invalidForm> }> {
  const multipart = request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
  try {
    return { ok: true, form: multipart ? await readUploadForm(request) : await request.formData() };
  } catch (error) {
    const refusal = error instanceof HttpError ? error : new HttpError(400, "Das Formular konnte nicht gelesen werden.");
    return { ok: false, refused: refusedForm({ intent, values: {} }, field, refusal) };
  }
}

type ToastContent = Omit<Toast, "id">;

const SUCCEEDED: ToastContent = { type: "success", body: SUCCESS_MESSAGE };

/** After a delete: SPEC §8's "Aktion Erfolgreich", and where the item went (decision 016). */
export const MOVED_TO_TRASH: ToastContent = {
  type: "success",
  title: SUCCESS_MESSAGE,
  body: `Im Papierkorb – dort ${TRASH_KEEP_DAYS} Tage lang wiederherstellbar.`,
};

/** Post/Redirect/Get after a successful write: the page again (first page, no dialog) with "Aktion Erfolgreich". */
export function succeeded(args: RequestArgs, to = new URL(args.request.url).pathname, toast = SUCCEEDED) {
  return redirectWithToast(args, to, toast);
}

/** One posted staff form, as an intent's handler sees it. */
export interface PostedForm {
  args: RequestArgs;
  intent: string;
  /** The list item the form is about (its hidden `id`), "" for the page's own forms. */
  id: string;
  values: FormValues;
  /** What a failure sends back to the form: `values`, or nothing where it must not be echoed (passwords). */
  failure: { intent: string; id?: string; values: FormValues };
  /** The page that Post/Redirect/Get returns to. */
  to: string;
}

/** A redirect with a toast, or the form's failure. */
export type StaffAnswer = TypedResponse<never> | ReturnType<typeof invalidForm>;

export type IntentHandler = (form: PostedForm) => Promise<StaffAnswer>;

/**
 * A staff page's action after the staff check: runs the handler of the posted
 * `intent`; an intent the page does not know writes nothing ("Unbekannte Aktion.").
 */
export function staffAction(
  args: RequestArgs,
  form: FormData,
  intents: Record<string, IntentHandler>,
  { to = new URL(args.request.url).pathname, echoValues = true }: { to?: string; echoValues?: boolean } = {},
): Promise<StaffAnswer> {
  const values = formFields(form);
  const { intent = "", id } = values;
  const posted: PostedForm = {
    args,
    intent,
    id: id ?? "",
    values,
    failure: { intent, id, values: echoValues ? values : {} },
    to,
  };
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (handler) return handler(posted);
  return Promise.resolve(invalidForm(posted.failure, { message: "Unbekannte Aktion.", fieldErrors: {} }));
}

interface WriteOptions<R = unknown> {
  /** Shows an expected refusal of the write beside this field of the form sent back, instead of as a toast on the page. */
  refusedAt?: string;
  /** Another page to return to after the write. */
  to?: string;
  /** Another toast than "Aktion Erfolgreich" after the write (`MOVED_TO_TRASH`), or one made from its result. */
  toast?: ToastContent | ((result: R) => ToastContent);
}

/**
 * An intent that writes without a form to check (delete, a toggle): the write of an
 * entity module, then the page again with "Aktion Erfolgreich", or with the module's
 * German message for an expected failure (unknown id, …). Anything else is rethrown.
 */
export function directWrite<R>(write: (form: PostedForm) => Promise<R>, options: WriteOptions<R> = {}): IntentHandler {
  return async (form) => {
    const to = options.to ?? form.to;
    let result: R;
    try {
      result = await write(form);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (options.refusedAt) return refusedForm(form.failure, options.refusedAt, error);
      return redirectWithToast(form.args, to, { type: "error", body: error.message || FAILURE_MESSAGE });
    }
    return succeeded(form.args, to, typeof options.toast === "function" ? options.toast(result) : options.toast);
  };
}

/** A zod schema over the posted fields, or a function that reads them in its own way. */
type Check<T> = z.ZodType<T, z.ZodTypeDef, unknown> | ((values: FormValues) => Validated<T>);

/** An intent that checks the form first: invalid, the form comes back with its German messages (400); valid, as `directWrite`. */
export function validatedWrite<T, R>(
  check: Check<T>,
  write: (value: T, form: PostedForm) => Promise<R>,
  options: WriteOptions<R> = {},
): IntentHandler {
  return (form) => {
    const input = typeof check === "function" ? check(form.values) : validate(check, form.values);
    if (!input.ok) return Promise.resolve(invalidForm(form.failure, input));
    return directWrite(() => write(input.value, form), options)(form);
  };
}

/**
 * The record a URL-driven dialog (`?bearbeiten=<id>`, `?loeschen=<id>`) is about: from
 * the rows the page already loaded, else from the database. An id that no longer
 * exists leads back to the page without that dialog, with `gone` as an error toast.
 */
export async function dialogRecord<T extends { id: string }>(
  args: RequestArgs,
  param: string,
  { loaded, load, gone }: DialogSource<T>,
): Promise<T | null> {
  const url = new URL(args.request.url);
  const id = url.searchParams.get(param);
  if (!id) return null;
  const record = loaded.find((candidate) => candidate.id === id) ?? (await load(id));
  if (!record) {
    throw await redirectWithToast(args, `${url.pathname}${searchWith(url.search, { [param]: null })}`, {
      type: "error",
      body: gone,
    });
  }
  return record;
}

interface DialogSource<T> {
  loaded: T[];
  load: (id: string) => Promise<T | null>;
  gone: string;
}

/** The records of a list's two dialogs, Bearbeiten and Löschen (a second list on a page names its own parameters). */
export async function listDialogs<T extends { id: string }>(
  args: RequestArgs,
  source: DialogSource<T>,
  params: { edit: string; delete: string } = { edit: EDIT_PARAM, delete: DELETE_PARAM },
): Promise<{ editing: T | null; deleting: T | null }> {
  return {
    editing: await dialogRecord(args, params.edit, source),
    deleting: await dialogRecord(args, params.delete, source),
  };
}
