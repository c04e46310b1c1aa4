/*
 * What the staff forms share between server and browser: the dialog parameters, the
 * failure a form answers with, and URL helpers. No React and no UI here, so the
 * server's form plumbing can import it.
 */

/** Query parameters that open the URL-driven dialogs of the staff pages. */
export const EDIT_PARAM = "bearbeiten";
export const DELETE_PARAM = "loeschen";
/** "Entfernen" of an account on the Team page. */
export const ACCOUNT_REMOVE_PARAM = "entfernen";
/** A picture's actions on the Bilder page, from which its other dialogs open. */
export const ACTIONS_PARAM = "aktionen";
const DIALOG_PARAMS = [EDIT_PARAM, DELETE_PARAM, ACCOUNT_REMOVE_PARAM, ACTIONS_PARAM] as const;

/**
 * What a staff action answers (status 400 or another 4xx) when it cannot write:
 * the form it came from, the German messages and the values as entered, so the
 * form is shown again with nothing lost.
 */
export interface FormFailure {
  intent: string;
  id?: string;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

export function isFormFailure(value: unknown): value is FormFailure {
  return typeof value === "object" && value !== null && "intent" in value && "fieldErrors" in value;
}

/** The failure belongs to this form only when intent (and id, for list items) match. */
export function failureFor(actionData: unknown, intent: string, id?: string): FormFailure | undefined {
  if (!isFormFailure(actionData) || actionData.intent !== intent) return undefined;
  if (id !== undefined && actionData.id !== id) return undefined;
  return actionData;
}

/**
 * What one field of a staff form shows: after a failed submission the value as
 * entered and its message, else `value` (the record's, or nothing for a new one).
 */
export function fieldState<V extends string | undefined = undefined>(
  failure: FormFailure | undefined,
  name: string,
  value?: V,
): { name: string; defaultValue: string | V; error: string | undefined } {
  return { name, defaultValue: failure?.values[name] ?? (value as V), error: failure?.fieldErrors[name] };
}

/** The current search with some parameters changed or removed (null), as "?a=b" or "". */
export function searchWith(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The search without the dialog parameters (paging and other parameters stay). */
export function withoutDialogs(search: string): string {
  return searchWith(search, Object.fromEntries(DIALOG_PARAMS.map((name) => [name, null])));
}

/** Element ids of the list controls, so focus can return to the one that opened a dialog. */
export const editControlId = (id: string) => `bearbeiten-${id}`;
export const deleteControlId = (id: string) => `loeschen-${id}`;
