import { Link } from "@remix-run/react";
import { forwardRef } from "react";
import type { Reference } from "~/server/references.server";
import { CategoryChips } from "./category-chips";
import { BinIcon, PencilIcon } from "./icons";
import { imageLabel, listHref } from "./list-href";

interface ReferenceListProps {
  references: Reference[];
  total: number;
  page: number;
  pageCount: number;
}

/** "Liste der hochgeladenen Bilder": one page of the stored images, newest first, paged by links. */
export const ReferenceList = forwardRef<HTMLHeadingElement, ReferenceListProps>(function ReferenceList(
  { references, total, page, pageCount },
  headingRef,
) {
  return (
    <section className="reference-list" aria-labelledby="hochgeladene-bilder">
      {/* Focus lands here after an upload or a deletion, where the changed list is. */}
      <h2 id="hochgeladene-bilder" className="reference-list__title" tabIndex={-1} ref={headingRef}>
        Liste der hochgeladenen Bilder
      </h2>
      {references.length === 0 ? (
        <p className="reference-list__empty">Keine Daten vorhanden</p>
      ) : (
        <>
          <p className="reference-list__count">
            {total === 1 ? "1 Bild" : `${total} Bilder`}, Seite {page} von {pageCount}
          </p>
          <ul className="reference-list__items">
            {references.map((reference) => {
              const label = imageLabel(reference);
              return (
                <li key={reference.id} className="reference-card">
                  <Link
                    to={listHref(page, { kind: "bild", id: reference.id })}
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
                  <div className="reference-card__actions">
                    <Link
                      to={listHref(page, { kind: "bearbeiten", id: reference.id })}
                      preventScrollReset
                      className="icon-button"
                      aria-label={`Bild bearbeiten: ${label}`}
                    >
                      <PencilIcon />
                    </Link>
                    <Link
                      to={listHref(page, { kind: "loeschen", id: reference.id })}
                      preventScrollReset
                      className="icon-button icon-button--danger"
                      aria-label={`Bild löschen: ${label}`}
                    >
                      <BinIcon />
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} /> : null}
    </section>
  );
});

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
        {pageNumbers(page, pageCount).map((number, index) =>
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

/** The first and last page and the two around the current one; gaps become null. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1] > 1 ? [null, number] : [number]));
}
