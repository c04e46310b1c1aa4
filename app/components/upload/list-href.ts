export const UPLOAD_PAGE_PATH = "/intern/uploadReference";

/** The dialogs of the list are addressed by the URL, so they also open without JavaScript. */
export type ListDialogKind = "bild" | "bearbeiten" | "loeschen";
export const LIST_DIALOG_KINDS: ListDialogKind[] = ["bild", "bearbeiten", "loeschen"];

/** A page of the list (`?seite=N`, 1-based), optionally with one image's dialog open. */
export function listHref(page: number, dialog?: { kind: ListDialogKind; id: string }): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("seite", String(page));
  if (dialog) params.set(dialog.kind, dialog.id);
  const query = params.toString();
  return query ? `${UPLOAD_PAGE_PATH}?${query}` : UPLOAD_PAGE_PATH;
}

/** How an image is named to screen readers and in dialogs: its description, else its file name. */
export function imageLabel({ description, filename }: { description: string; filename: string }): string {
  const text = description.trim() || filename;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
