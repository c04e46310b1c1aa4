import { Link } from "@remix-run/react";
import { AdminListActions } from "~/components/admin/admin-list-actions";
import { useDialogHref } from "~/components/admin/use-staff-form";
import { pageWindow } from "~/lib/page-window";
import type { Reference } from "~/server/references.server";
import { CategoryChips } from "./category-chips";
import { imageLabel, LIST_HEADING_ID, listHref, ZOOM_PARAM, zoomControlId } from "./list-href";

interface ReferenceListProps {
  references: Reference[];
  total: number;
  page: number;
  pageCount: number;
}

/** "Liste der hochgeladenen Bilder": one page of the stored images, newest first, paged by links. */
export function ReferenceList({ references, total, page, pageCount }: ReferenceListProps) {
  return (
    <section className="admin-section" aria-labelledby={LIST_HEADING_ID}>
      {/* Focus lands here after an upload or a deletion, where the changed list is. */}
      <h2 id={LIST_HEADING_ID} tabIndex={-1}>
        Liste der hochgeladenen Bilder
      </h2>
      {references.length === 0 ? (
        <p className="admin-list__empty">Keine Daten vorhanden</p>
      ) : (
        <>
          <p className="reference-list__count">
            {total === 1 ? "1 Bild" : `${total} Bilder`}, Seite {page} von {pageCount}
          </p>
          <ul className="admin-list">
            {references.map((reference) => (
              <ReferenceCard key={reference.id} reference={reference} />
            ))}
          </ul>
        </>
      )}
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} /> : null}
    </section>
  );
}

function ReferenceCard({ reference }: { reference: Reference }) {
  const label = imageLabel(reference);
  const zoomHref = useDialogHref(ZOOM_PARAM, reference.id);
  return (
    <li className="admin-list__item reference-card">
      <Link
        id={zoomControlId(reference.id)}
        to={zoomHref}
        preventScrollReset
        className="reference-card__image"
        aria-label={`Bild vergrößern: ${label}`}
      >
        <img src={reference.thumbnailUrl} alt="" loading="lazy" decoding="async" />
      </Link>
      <div className="reference-card__body">
        <p className="reference-card__description">
          {reference.description || <span className="reference-card__muted">Keine Beschreibung</span>}
        </p>
        <CategoryChips names={reference.category} />
      </div>
      <AdminListActions id={reference.id} title={label} />
    </li>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  return (
    <nav className="pagination" aria-label="Seiten der Bilderliste">
      <ul className="pagination__items">
        <li>
          {page > 1 ? (
            <Link to={listHref(page - 1)} className="pagination__link" preventScrollReset>
              Zurück
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled">Zurück</span>
          )}
        </li>
        {pageWindow(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`luecke-${index}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
          <li key={number}>
            <Link
              to={listHref(number)}
              className="pagination__link"
              aria-current={number === page ? "page" : undefined}
              aria-label={`Seite ${number}`}
              preventScrollReset
            >
              {number}
            </Link>
          </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={listHref(page + 1)} className="pagination__link" preventScrollReset>
              Weiter
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled">Weiter</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
