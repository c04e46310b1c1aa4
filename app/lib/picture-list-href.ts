import { PATHS } from "~/lib/site-areas";
import { PAGE_PARAM } from "~/lib/page-number";
import { ACTIONS_PARAM, DELETE_PARAM, EDIT_PARAM, searchWith } from "~/lib/staff-forms";

/**
 * Opens the zoom dialog. A picture's actions (`ACTIONS_PARAM`: a sheet with JavaScript; without
 * it, the picture's own page state with the same forms), edit and delete use the staff pages' shared parameters.
 */
export const ZOOM_PARAM = "bild";

/** The dialogs of the list are addressed by the URL, so they also open without JavaScript. */
export const LIST_DIALOG_PARAMS = [ACTIONS_PARAM, ZOOM_PARAM, EDIT_PARAM, DELETE_PARAM] as const;
export type ListDialogParam = (typeof LIST_DIALOG_PARAMS)[number];

/** The list's filter chips ("Alle · Startseite · Ohne Beschreibung"), by their value in `?filter=`. */
export const FILTER_PARAM = "filter";
export const PICTURE_FILTERS = { startseite: { only: "home", label: "Startseite" }, "ohne-beschreibung": { only: "undescribed", label: "Ohne Beschreibung" } } as const;
export type PictureFilter = keyof typeof PICTURE_FILTERS;

export function pictureFilterOf(params: URLSearchParams): PictureFilter | null {
  const value = params.get(FILTER_PARAM) ?? "";
  return Object.hasOwn(PICTURE_FILTERS, value) ? (value as PictureFilter) : null;
}

export const LIST_HEADING_ID = "bilder-liste";
/** The thumbnail of a list item (it opens the actions), so focus can return to it when a dialog closes. */
export const zoomControlId = (id: string) => `bild-${id}`;

/** A page of the list (`?seite=N`), within a filter, without any dialog open. */
export function listHref(page: number, filter: PictureFilter | null = null): string {
  return `${PATHS.staffPictures}${searchWith("", { [FILTER_PARAM]: filter, [PAGE_PARAM]: page > 1 ? String(page) : null })}`;
}

/** How an image is named to screen readers and in dialogs: its description, else its file name. */
export function imageLabel({ description, filename }: { description: string; filename: string }): string {
  const text = description.trim() || filename;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
