import { Link, useLocation } from "@remix-run/react";
import { ImageViewer } from "~/components/gallery/image-viewer";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { galleryHref } from "~/lib/gallery-links";
import { searchWith } from "~/lib/staff-forms";
import type { ShownEnquiry } from "./shown-enquiry";

/** One of the photos large (`&foto=<id>`), in the gallery's viewer. */
const PHOTO_PARAM = "foto";
const photoControlId = (id: string) => `foto-${id}`;
/** Each photo takes most of a phone's width, so the next one peeks in and says "swipe" (enquiries-staff.css). */
const STRIP_SIZES = "(max-width: 599px) 85vw, 26rem";

/**
 * The customer's photos first, as a strip that scrolls sideways (the browser's own swipe, no
 * script); a tap opens one in the viewer, which steps through the others.
 */
export function PhotoStrip({ enquiry }: { enquiry: ShownEnquiry }) {
  const { pathname, search } = useLocation();
  const photoHref = (id: string | null) => `${pathname}${searchWith(search, { [PHOTO_PARAM]: id })}`;
  const photos = enquiry.photos;
  const index = photos.findIndex((photo) => photo.id === new URLSearchParams(search).get(PHOTO_PARAM));
  if (photos.length === 0) {
    return (
      <>
        <p className="job-card__no-photos">Keine Fotos</p>
        <ReferenceOfEnquiry enquiry={enquiry} />
      </>
    );
  }
  return (
    <>
      <ul className="photo-strip" aria-label={photos.length === 1 ? "1 Foto" : `${photos.length} Fotos, zum Blättern wischen`}>
        {photos.map((photo, position) => (
          <li key={photo.id}>
            <Link id={photoControlId(photo.id)} to={photoHref(photo.id)} preventScrollReset aria-label={`Foto ${position + 1} vergrößern`}>
              <ReferencePicture
                picture={photo}
                className="photo-strip__photo"
                sizes={STRIP_SIZES}
                width={400}
                height={300}
                loading={position === 0 ? undefined : "lazy"}
                priority={position === 0}
                alt=""
              />
            </Link>
          </li>
        ))}
      </ul>
      <ReferenceOfEnquiry enquiry={enquiry} />
      {index >= 0 ? (
        <ImageViewer
          image={{ ...photos[index], description: "", category: [] }}
          title={`Foto ${index + 1} von ${photos.length}`}
          alt={`Foto ${index + 1} der Anfrage ${enquiry.reference}`}
          closeHref={photoHref(null)}
          previousHref={index > 0 ? photoHref(photos[index - 1].id) : null}
          nextHref={index < photos.length - 1 ? photoHref(photos[index + 1].id) : null}
          returnFocusId={photoControlId(photos[index].id)}
        />
      ) : null}
    </>
  );
}

/**
 * Beside the customer's photos: the gallery picture the customer asked about ("Ähnliches
 * Projekt anfragen"), small, with its caption and a link to it in the gallery.
 */
function ReferenceOfEnquiry({ enquiry }: { enquiry: ShownEnquiry }) {
  const picture = enquiry.referencePicture;
  if (!picture) return null;
  return (
    <figure className="job-card__reference">
      <ReferencePicture picture={picture} className="job-card__reference-picture" sizes="96px" width={96} height={96} loading="lazy" alt="" />
      <figcaption>
        <span className="job-card__reference-label">Bezieht sich auf dieses Bild aus der Galerie:</span>{" "}
        {picture.description || "Bild ohne Beschreibung"}{" "}
        <Link to={galleryHref({ image: picture.id })} className="standalone-link">
          In der Galerie ansehen
        </Link>
      </figcaption>
    </figure>
  );
}
