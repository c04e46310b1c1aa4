import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type MouseEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ZOOM_MAX_WIDTH } from "~/lib/image-sizes";
import { type PictureData, ReferencePicture } from "./reference-picture";

export interface ZoomImage extends PictureData {
  id: string;
  description: string;
  category: string[];
}

/**
 * The large picture of one reference. Without JavaScript it is rendered in place as a
 * dialog-like view with a link back; with JavaScript it is a native modal <dialog>, which
 * keeps focus inside, closes with Escape and returns focus to the thumbnail.
 */
export function ZoomView({ image, closeHref }: { image: ZoomImage; closeHref: string }) {
  const hydrated = useHydrated();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = dialog.current;
    if (hydrated && element && !element.open) element.showModal();
  }, [hydrated, image.id]);

  const onClose = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  // A click on the backdrop lands on the <dialog> element itself.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  const content = (
    <>
      <h2 id={titleId} className="dialog__title zoom__title">
        {image.description || "Referenzbild"}
      </h2>
      {/* The large renditions (up to 1600 px) serve every zoom; the original only before they exist. */}
      <ReferencePicture
        picture={image}
        className="zoom__image"
        sizes={`(min-width: ${ZOOM_MAX_WIDTH + 40}px) ${ZOOM_MAX_WIDTH}px, 100vw`}
        alt={image.description || "Referenzbild"}
      />
      {image.category.length > 0 && (
        <ul className="chip-list" aria-label="Kategorien">
          {image.category.map((name) => (
            <li key={name} className="chip chip--static">
              {name}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        {hydrated ? (
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Schließen
          </button>
        ) : (
          <Link to={closeHref} className="button" replace preventScrollReset>
            Schließen
          </Link>
        )}
      </div>
    </>
  );

  if (!hydrated) {
    return (
      <div className="dialog-overlay dialog-overlay--static">
        <section
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="dialog zoom"
          style={{ maxWidth: ZOOM_MAX_WIDTH }}
        >
          {content}
        </section>
      </div>
    );
  }
  return (
    <dialog
      ref={dialog}
      className="dialog zoom"
      aria-labelledby={titleId}
      style={{ maxWidth: ZOOM_MAX_WIDTH }}
      onClose={onClose}
      onClick={onClick}
    >
      {content}
    </dialog>
  );
}
