/**
 * The long edge of a stored original: the server re-encodes larger uploads down to it, and the
 * staff uploader shrinks phone photos to it before sending (mobile data).
 */
export const ORIGINAL_MAX_EDGE = 2560;
/**
 * Widths of the server's renditions of every reference (decision 011): a phone's gallery
 * tile at 2–3× density, the slideshow and zoom view on phones and tablets, the zoom view
 * on a desktop. A smaller original gets one more at its own width instead of being enlarged.
 */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
/** Of a customer's photo only what the staff inbox shows: its thumbnail and its large view. */
export const ENQUIRY_RENDITION_WIDTHS = [480, 1600] as const;
/** The master's portrait: at most 240 px wide on the about page, 64 px in the home page's trust strip; 2× density. */
export const PORTRAIT_RENDITION_WIDTHS = [160, 480] as const;

/** The JPEG a browser without `srcset` support gets: large enough for the slideshow and the zoom view. */
export const PLAIN_SOURCE_MAX_WIDTH = 1280;

/** SPEC §9: the zoom dialogs (gallery and staff list) are at most this wide. */
export const ZOOM_MAX_WIDTH = 1100;
