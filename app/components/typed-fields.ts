/*
 * What a person typed before the page's scripts took over stays exactly as typed (issue 20).
 * Two moments can lose it: React's hydration writes a textarea's (or select's) server value back,
 * and the render right after hydration swaps some forms for their JavaScript version (a dialog
 * rendered in place becomes a Radix dialog, a plain field becomes a controlled one). So from the
 * moment the scripts start, every field the person changed is remembered (including what changed
 * before: a field whose value differs from its default), and once the swap is done each value is
 * put back into the field of the same form and name, with an `input` event so that React state
 * follows, and focus and the caret return to where they were.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { value: string } | { checked: boolean } | { files: FileList } | { selected: string[] };

/** Fields nobody types into: their values are the page's own. */
const SKIPPED_TYPES = new Set(["hidden", "submit", "button", "reset", "image"]);

const typed = new Map<string, Typed>();
let watching = false;

function allFields(): Field[] {
  return [...document.querySelectorAll("input, textarea, select")].filter((element) => isField(element)) as Field[];
}

function isField(target: EventTarget | null): target is Field {
  return (
    (target instanceof HTMLInputElement && !SKIPPED_TYPES.has(target.type)) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The same form in the server's markup and in the one that replaces it: its action, intent and record. */
function formKey(field: Field): string {
  const form = field.form;
  if (!form) return "";
  const hidden = (name: string) => form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value ?? "";
  return [form.getAttribute("action") ?? "", hidden("intent"), hidden("id")].join("|");
}

/** A field's place: its form and name (and, for a choice among several, its value). */
function fieldKey(field: Field): string | null {
  if (!field.name) return null;
  const choice = field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio") ? field.value : "";
  return `${formKey(field)}|${field.name}|${choice}`;
}

function stateOf(field: Field): Typed {
  if (field instanceof HTMLSelectElement) return { selected: [...field.selectedOptions].map((option) => option.value) };
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return { checked: field.checked };
  if (field instanceof HTMLInputElement && field.type === "file") return { files: field.files ?? new DataTransfer().files };
  return { value: field.value };
}

/** Whether the person changed the field (its default is what the server rendered). */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === "file") return (field.files?.length ?? 0) > 0;
  return field.value !== field.defaultValue;
}

function remember(field: Field) {
  const key = fieldKey(field);
  if (key) typed.set(key, stateOf(field));
}

const onChange = (event: Event) => {
  if (isField(event.target)) remember(event.target);
};

/** From the start of the scripts (entry.client.tsx) until `restoreTypedFields`. */
export function watchTypedFields() {
  if (watching) return;
  watching = true;
  for (const field of allFields()) if (changed(field)) remember(field);
  document.addEventListener("input", onChange, true);
  document.addEventListener("change", onChange, true);
}

/** Where focus and the caret were, to put them back in the field that replaced it. */
export function focusedField(): { key: string; start: number | null; end: number | null } | null {
  const active = document.activeElement;
  if (!isField(active)) return null;
  const key = fieldKey(active);
  if (!key) return null;
  const caret = active instanceof HTMLSelectElement ? null : active;
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = caret?.selectionStart ?? null;
    end = caret?.selectionEnd ?? null;
  } catch {
    // Inputs without a caret (date, number) throw here.
  }
  return { key, start, end };
}

/** Sets what React tracks too: the prototype's setter, so the `input` event that follows reads as a change. */
function setNativeValue(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
}

function put(field: Field, state: Typed) {
  if ("files" in state && field instanceof HTMLInputElement) {
    if (field.files?.length === state.files.length) return;
    field.files = state.files;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if ("checked" in state && field instanceof HTMLInputElement) {
    // A click, as the person made it: it toggles the box (or picks the radio) and tells React. A radio
    // cannot be unticked this way; the one ticked in its group is restored instead.
    if (field.checked !== state.checked && (field.type === "checkbox" || state.checked)) field.click();
    return;
  }
  if ("selected" in state && field instanceof HTMLSelectElement) {
    for (const option of field.options) option.selected = state.selected.includes(option.value);
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if ("value" in state && field.value !== state.value) {
    setNativeValue(field, state.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** After the swap: every remembered value into its field, and focus back where it was. */
export function restoreTypedFields(focus: ReturnType<typeof focusedField>) {
  document.removeEventListener("input", onChange, true);
  document.removeEventListener("change", onChange, true);
  const fields = allFields();
  for (const [key, state] of typed) {
    const field = fields.find((candidate) => fieldKey(candidate) === key);
    if (field) put(field, state);
  }
  typed.clear();
  if (!focus) return;
  const active = document.activeElement;
  const target = fields.find((candidate) => fieldKey(candidate) === focus.key);
  if (!target || (isField(active) && fieldKey(active) === focus.key && active === target)) return;
  target.focus({ preventScroll: true });
  if (focus.start !== null && !(target instanceof HTMLSelectElement)) {
    try {
      target.setSelectionRange(focus.start, focus.end ?? focus.start);
    } catch {
      // Not every input has a caret.
    }
  }
}
