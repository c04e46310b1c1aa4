/** The gallery's state lives in its address, so every view can be linked and works without JavaScript. */
export interface GalleryState {
  category?: string | null;
  page?: number;
  image?: string | null;
}

export function galleryHref({ category, page = 1, image }: GalleryState): string {
  const params = new URLSearchParams();
  if (category) params.set("kategorie", category);
  if (page > 1) params.set("seite", String(page));
  if (image) params.set("bild", image);
  const query = params.toString();
  return query ? `/referenz?${query}` : "/referenz";
}

/** Page numbers to offer: the first, the last and the neighbours of the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && n - last > 1) result.push(null);
    result.push(n);
  }
  return result;
}
