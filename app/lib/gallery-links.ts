import { GALLERY_PARAMS } from "~/lib/site-areas";

/** The gallery's state lives in its address, so every view can be linked and works without JavaScript. */
export interface GalleryState {
  category?: string | null;
  page?: number;
  image?: string | null;
}

export function galleryHref({ category, page = 1, image }: GalleryState): string {
  const params = new URLSearchParams();
  if (category) params.set(GALLERY_PARAMS.category, category);
  if (page > 1) params.set(GALLERY_PARAMS.page, String(page));
  if (image) params.set(GALLERY_PARAMS.image, image);
  const query = params.toString();
  return query ? `/referenz?${query}` : "/referenz";
}
