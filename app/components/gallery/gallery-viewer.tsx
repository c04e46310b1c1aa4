import { useEffect, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { REFERENCE_PICTURE_PARAM } from "~/lib/enquiry";
import { galleryHref } from "~/lib/gallery-links";
import { GALLERY_PARAMS, PATHS } from "~/lib/site-areas";
import { ViewerDialog, type ViewerImage } from "./viewer-dialog";

/** The gallery tile that opens a picture, and what focus returns to when the viewer closes. */
export const thumbnailId = (id: string) => `bild-${id}`;
/** The gallery's tiles: with JavaScript a click opens the viewer in place. */
const TILE_SELECTOR = "a.gallery__link";

export interface GalleryViewerProps {
  /** The pictures of the page on screen, in order. */
  references: ViewerImage[];
  /** The pictures just before and after this page in the same filter, to step across. */
  edges: { before: string | null; after: string | null };
  /** The picture of `?bild=` where it is not on this page. */
  zoom: ViewerImage | null;
  category: string | null;
  page: number;
  /** How many pictures of the filter come before this page, and how many it has. */
  offset: number;
  total: number;
  /** `?bild=` as the page was opened. */
  image: string | null;
}

const imageOf = (search: string) => new URLSearchParams(search).get(GALLERY_PARAMS.image);
/** The gallery's address without the picture: the same page of the same filter. */
const withoutImage = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete(GALLERY_PARAMS.image);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
};

/**
 * The viewer for `?bild=<id>`, stepping through the current filter: within the page, and across
 * to the neighbouring page at either end (the loader sends the edge pictures' ids). An island
 * (decision 018): with JavaScript the tiles, the steps within the page and the browser's back
 * and forward change the address in place and the viewer follows; a step to another page of
 * the gallery loads that page, with the viewer open.
 */
export function GalleryViewer({ references, edges, zoom, category, page, offset, total, image: initialImage }: GalleryViewerProps) {
  const hydrated = useHydrated();
  const [imageId, setImageId] = useState(initialImage);

  useEffect(() => {
    if (!hydrated) return;
    const follow = () => setImageId(imageOf(location.search));
    const open = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const tile = event.target instanceof Element ? event.target.closest(TILE_SELECTOR) : null;
      if (!(tile instanceof HTMLAnchorElement)) return;
      event.preventDefault();
      history.pushState(null, "", tile.href);
      follow();
    };
    document.addEventListener("click", open);
    addEventListener("popstate", follow);
    return () => {
      document.removeEventListener("click", open);
      removeEventListener("popstate", follow);
    };
  }, [hydrated]);

  if (!imageId) return null;
  const index = references.findIndex((item) => item.id === imageId);
  const image = references[index] ?? (zoom?.id === imageId ? zoom : null);
  if (!image) return null;

  const inList = index >= 0;
  const at = (id: string | null | undefined, onPage: number) => (inList && id ? galleryHref({ category, page: onPage, image: id }) : null);
  const previousHref = index > 0 ? at(references[index - 1].id, page) : at(edges.before, page - 1);
  const nextHref = index < references.length - 1 ? at(references[index + 1].id, page) : at(edges.after, page + 1);
  const label = image.description || "Referenzbild";

  const navigate = (href: string) => {
    const target = new URL(href, location.href);
    if (withoutImage(target) !== withoutImage(new URL(location.href))) {
      location.replace(target.href);
      return;
    }
    history.replaceState(null, "", target.href);
    setImageId(imageOf(target.search));
  };

  return (
    <ViewerDialog
      image={image}
      title={label}
      alt={label}
      closeHref={galleryHref({ category, page })}
      previousHref={previousHref}
      nextHref={nextHref}
      position={inList ? `Bild ${offset + index + 1} von ${total}` : undefined}
      returnFocusId={inList ? thumbnailId(image.id) : undefined}
      navigate={navigate}
      action={
        // The form shows the picture and starts with its category's topic (app/routes/_public.anfrage.tsx).
        <a href={`${PATHS.enquiry}?${REFERENCE_PICTURE_PARAM}=${encodeURIComponent(image.id)}`} className="button viewer__action">
          Ähnliches Projekt anfragen – mit diesem Bild
        </a>
      }
    />
  );
}
