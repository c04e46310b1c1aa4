import { PATHS } from "~/lib/site-areas";
import { PAGE_PARAM } from "~/lib/page-number";
import { DELETE_PARAM, EDIT_PARAM } from "~/lib/staff-forms";

/** Opens the zoom dialog; edit and delete use the staff pages' shared parameters. */
export const ZOOM_PARAM = "bild";

/** The dialogs of the list are addressed by the URL, so they also open without JavaScript. */
export const LIST_DIALOG_PARAMS = [ZOOM_PARAM, EDIT_PARAM, DELETE_PARAM] as const;
export type ListDialogParam = (typeof LIST_DIALOG_PARAMS)[number];

export const LIST_HEADING_ID = "bilder-liste";
/** The zoom link of a list item, so focus can return to it when the dialog closes. */
export const zoomControlId = (id: string) => `bild-${id}`;

/** A page of the list (`?seite=N`) without any dialog open. */
export function listHref(page: number): string {
  return page > 1 ? `${PATHS.staffPictures}?${PAGE_PARAM}=${page}` : PATHS.staffPictures;
}

/** How an image is named to screen readers and in dialogs: its description, else its file name. */
export function imageLabel({ description, filename }: { description: string; filename: string }): string {
  const text = description.trim() || filename;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
