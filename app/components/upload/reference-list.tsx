import { Link } from "@remix-run/react";
import { Pager } from "~/components/gallery/pager";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { useDialogHref } from "~/components/staff/use-staff-form";
import { ACTIONS_PARAM } from "~/lib/staff-forms";
import type { Reference } from "~/server/entities/references.server";
import { imageLabel, LIST_HEADING_ID, listHref, PICTURE_FILTERS, type PictureFilter, zoomControlId } from "~/lib/picture-list-href";

interface ReferenceListProps {
  references: Reference[];
  total: number;
  page: number;
  pageCount: number;
  filter: PictureFilter | null;
}

/**
 * "Liste der hochgeladenen Bilder": one page of the stored images, newest first, paged by links,
 * as a grid of square thumbnails whose badges say where each is used; a tap opens its actions.
 */
export function ReferenceList({ references, total, page, pageCount, filter }: ReferenceListProps) {
  const filters: [PictureFilter | null, string][] = [
    [null, "Alle"],
    ...Object.entries(PICTURE_FILTERS).map(([value, { label }]): [PictureFilter, string] => [value as PictureFilter, label]),
  ];
  return (
    <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
      {/* Focus lands here after an upload or a deletion, where the changed list is. */}
      <h2 id={LIST_HEADING_ID} tabIndex={-1}>
        Liste der hochgeladenen Bilder
      </h2>
      <nav aria-label="Bilder filtern">
        <ul className="chip-list picture-filter">
          {filters.map(([value, label]) => (
            <li key={label}>
              <Link to={`${listHref(1, value)}#${LIST_HEADING_ID}`} className="chip" aria-current={value === filter ? "page" : undefined} preventScrollReset>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {references.length === 0 ? (
        <p className="staff-list__empty">Keine Daten vorhanden</p>
      ) : (
        <>
          <p className="reference-list__count">
            {total === 1 ? "1 Bild" : `${total} Bilder`}, Seite {page} von {pageCount}
          </p>
          <ul className="picture-grid">
            {references.map((reference) => (
              <PictureTile key={reference.id} reference={reference} />
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageCount={pageCount} href={(n) => `${listHref(n, filter)}#${LIST_HEADING_ID}`} label="Seiten der Bilderliste" />
    </section>
  );
}

/** A grid cell: a third of a phone's width, about 8rem from 600 px (upload.css). */
const TILE_SIZES = "(max-width: 599px) 33vw, 8rem";

function PictureTile({ reference }: { reference: Reference }) {
  const href = useDialogHref(ACTIONS_PARAM, reference.id);
  return (
    <li className="picture-tile">
      <Link id={zoomControlId(reference.id)} to={href} preventScrollReset className="picture-tile__link">
        <ReferencePicture picture={reference} className="picture-tile__image" sizes={TILE_SIZES} width={300} height={300} loading="lazy" alt="" />
        <span className="visually-hidden">Aktionen: {imageLabel(reference)}</span>
        <PictureBadges reference={reference} />
      </Link>
    </li>
  );
}

/**
 * Where a picture is used, in words (never colour alone): on the home page's slideshow, as its
 * Titelbild, with or as a Vorher-Bild, and whether it is still being prepared for the website.
 */
export function PictureBadges({ reference }: { reference: Reference }) {
  const badges = [
    reference.featured ? "Startseite" : null,
    reference.cover ? "Titelbild" : null,
    reference.before ? "Vorher/Nachher" : null,
    reference.beforeOf ? "Vorher-Bild" : null,
    reference.preparing ? "wird vorbereitet" : null,
  ].filter((badge) => badge !== null);
  if (badges.length === 0) return null;
  return (
    <span className="picture-badges">
      {badges.map((badge) => (
        <span key={badge} className={`picture-badge${badge === "wird vorbereitet" ? " picture-badge--waiting" : ""}`}>
          {badge}
        </span>
      ))}
    </span>
  );
}
