import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { useSwipe } from "~/components/use-swipe";
import { type PictureData, ReferencePicture } from "~/components/pages/reference-picture";
import { ZOOM_MAX_WIDTH } from "~/lib/image-sizes";
import { useHydrated } from "~/components/use-hydrated";
import { BeforeAfter } from "./before-after";
import { CategoryChips } from "./category-chips";

export interface ViewerImage extends PictureData {
  id: string;
  description: string;
  category: string[];
  /** Its "Vorher-Bild": the viewer then compares the two. */
  before?: PictureData | null;
}

/** The viewer's picture: the screen's width, at most the spec's zoom width. */
const VIEWER_SIZES = `(min-width: ${ZOOM_MAX_WIDTH}px) ${ZOOM_MAX_WIDTH}px, 100vw`;
/** Each of a pair side by side (landscape) or stacked (portrait) without JavaScript: at most half the zoom width. */
const VIEWER_HALF_SIZES = `(orientation: landscape) min(50vw, ${ZOOM_MAX_WIDTH / 2}px), 100vw`;

export interface ViewerDialogProps {
  image: ViewerImage;
  /** The dialog's name, shown in its top bar. */
  title: string;
  alt: string;
  /** Addresses of the page without the viewer and of the neighbouring pictures (null at either end). */
  closeHref: string;
  previousHref: string | null;
  nextHref: string | null;
  /** "Bild 3 von 12". */
  position?: string;
  /** The control that opened the picture (its thumbnail), focused again on closing. */
  returnFocusId?: string;
  /** A link under the picture, e.g. the gallery's "Ähnliches Projekt anfragen". */
  action?: ReactNode;
  /** Shows another of the addresses above in place of this one (the history entry is replaced). */
  navigate: (href: string) => void;
}

/**
 * One picture as large as the screen allows (at most the spec's 1100 px wide), for the
 * gallery and the staff list alike. Its state is the address (`?bild=<id>`), so without
 * JavaScript it is a page state with links for Zurück/Weiter and Schließen. With
 * JavaScript it is a native modal <dialog>: focus stays inside, Escape closes it, arrow
 * keys and swipes move through the pictures, and focus returns to the thumbnail.
 * Free of the router, so the gallery's island takes it alone (`image-viewer.tsx` is the router's version).
 */
export function ViewerDialog({ image, title, alt, closeHref, previousHref, nextHref, position, returnFocusId, action, navigate }: ViewerDialogProps) {
  const hydrated = useHydrated();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const go = (href: string | null) => {
    if (href) navigate(href);
  };
  const swipe = useSwipe({ onSwipe: (by) => go(by === 1 ? nextHref : previousHref) });

  useEffect(() => {
    const element = dialog.current;
    if (hydrated && element && !element.open) element.showModal();
  }, [hydrated]);

  // The viewer unmounts once closed; focus goes to the thumbnail of the picture last shown.
  const returnTo = useRef(returnFocusId);
  returnTo.current = returnFocusId;
  useEffect(
    () => () => {
      const id = returnTo.current;
      if (id) setTimeout(() => document.getElementById(id)?.focus(), 0);
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(nextHref);
    else if (event.key === "ArrowLeft") go(previousHref);
    else return;
    event.preventDefault();
  };

  const control = (href: string, className: string, label: string, children: ReactNode, onClick: () => void) =>
    hydrated ? (
      <button type="button" className={className} aria-label={label} onClick={onClick}>
        {children}
      </button>
    ) : (
      <a href={href} className={className} aria-label={label}>
        {children}
      </a>
    );

  const content = (
    <>
      <div className="viewer__bar">
        <h2 id={titleId} className="viewer__title">
          {title}
        </h2>
        {position ? <p className="viewer__position">{position}</p> : null}
        {control(
          closeHref,
          "viewer__close",
          "Schließen",
          <>
            <Icon path="M6 6l12 12M18 6 6 18" />
            <span aria-hidden="true">Schließen</span>
          </>,
          () => go(closeHref),
        )}
      </div>
      <div className="viewer__stage" {...(hydrated ? swipe : {})}>
        {/* The large renditions (up to 1600 px) serve the viewer; the original only before they exist. */}
        {image.before ? (
          <BeforeAfter key={image.id} after={image} before={image.before} alt={alt} sizes={VIEWER_SIZES} halfSizes={VIEWER_HALF_SIZES} />
        ) : (
          <ReferencePicture key={image.id} picture={image} className="viewer__image" sizes={VIEWER_SIZES} alt={alt} draggable={false} />
        )}
        {previousHref
          ? control(previousHref, "viewer__step viewer__step--previous", "Vorheriges Bild", <Icon path="M15 5 8 12l7 7" />, () =>
              go(previousHref),
            )
          : null}
        {nextHref
          ? control(nextHref, "viewer__step viewer__step--next", "Nächstes Bild", <Icon path="m9 5 7 7-7 7" />, () => go(nextHref))
          : null}
      </div>
      {image.category.length > 0 || image.description || action ? (
        <div className="viewer__caption">
          <CategoryChips names={image.category} />
          {image.description ? <p className="viewer__description">{image.description}</p> : null}
          {action}
        </div>
      ) : null}
    </>
  );

  // Photos are judged on a dark surround, whatever the site's theme.
  const style = { "--viewer-max-width": `${ZOOM_MAX_WIDTH}px` } as CSSProperties;
  if (!hydrated) {
    return (
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="viewer viewer--static"
        data-theme="dark"
        style={style}
      >
        {content}
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      className="viewer"
      data-theme="dark"
      style={style}
      aria-labelledby={titleId}
      // Escape closes by leaving the address at once, so a click right after it is not undone.
      onCancel={(event) => {
        event.preventDefault();
        go(closeHref);
      }}
      onKeyDown={onKeyDown}
    >
      {content}
    </dialog>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
