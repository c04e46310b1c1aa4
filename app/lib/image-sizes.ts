/**
 * Long-edge sizes of a reference image and the renditions the staff uploader makes.
 * The public pages' `srcset` width descriptors rely on them (landscape photos, which
 * is what the workshop shoots; a portrait one is merely chosen a little large).
 */
export const ORIGINAL_MAX_EDGE = 2560;
/**
 * Widths of the server's renditions of every reference (decision 011): a phone's gallery
 * tile at 2–3× density, the slideshow and zoom view on phones and tablets, the zoom view
 * on a desktop. A smaller original gets one more at its own width instead of being enlarged.
 */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;

/** The slideshow, the gallery's large view. */
export const DISPLAY_EDGE = 1280;
/** List tiles and previews. */
export const THUMBNAIL_EDGE = 480;

/** SPEC §9: the zoom dialogs (gallery and staff list) are at most this wide. */
export const ZOOM_MAX_WIDTH = 1100;

/**
 * A `srcset` from renditions and their widths, or none when there is nothing to
 * choose from (a client uploaded only the original, so every URL is the same).
 */
export function renditionSrcSet(sources: ReadonlyArray<readonly [url: string, width: number]>): string | undefined {
  const distinct = sources.filter(([url], index) => sources.findIndex(([other]) => other === url) === index);
  return distinct.length > 1 ? distinct.map(([url, width]) => `${url} ${width}w`).join(", ") : undefined;
}
