import { Form, Link } from "@remix-run/react";
import { StaffListActions } from "~/components/staff/staff-list-actions";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useDialogHref } from "~/components/staff/use-staff-form";
import { Pager } from "~/components/gallery/pager";
import { ReferencePicture } from "~/components/pages/reference-picture";
import type { Reference } from "~/server/entities/references.server";
import { CategoryChips } from "~/components/gallery/category-chips";
import { imageLabel, LIST_HEADING_ID, listHref, ZOOM_PARAM, zoomControlId } from "~/lib/picture-list-href";

interface ReferenceListProps {
  references: Reference[];
  total: number;
  page: number;
  pageCount: number;
}

/** "Liste der hochgeladenen Bilder": one page of the stored images, newest first, paged by links. */
export function ReferenceList({ references, total, page, pageCount }: ReferenceListProps) {
  return (
    <section className="staff-section" aria-labelledby={LIST_HEADING_ID}>
      {/* Focus lands here after an upload or a deletion, where the changed list is. */}
      <h2 id={LIST_HEADING_ID} tabIndex={-1}>
        Liste der hochgeladenen Bilder
      </h2>
      {references.length === 0 ? (
        <p className="staff-list__empty">Keine Daten vorhanden</p>
      ) : (
        <>
          <p className="reference-list__count">
            {total === 1 ? "1 Bild" : `${total} Bilder`}, Seite {page} von {pageCount}
          </p>
          <ul className="staff-list">
            {references.map((reference) => (
              <ReferenceCard key={reference.id} reference={reference} />
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageCount={pageCount} href={(n) => `${listHref(n)}#${LIST_HEADING_ID}`} label="Seiten der Bilderliste" />
    </section>
  );
}

/** The list's tile: 6rem wide on phones, 8rem from 600 px (upload.css). */
const LIST_TILE_SIZES = "(max-width: 599px) 6rem, 8rem";

function ReferenceCard({ reference }: { reference: Reference }) {
  const label = imageLabel(reference);
  const zoomHref = useDialogHref(ZOOM_PARAM, reference.id);
  return (
    <li className="staff-list__item reference-card">
      <Link
        id={zoomControlId(reference.id)}
        to={zoomHref}
        preventScrollReset
        className="reference-card__image"
        aria-label={`Bild vergrößern: ${label}`}
      >
        <ReferencePicture picture={reference} sizes={LIST_TILE_SIZES} width={400} height={300} loading="lazy" alt="" />
      </Link>
      <div className="reference-card__body">
        <p className="reference-card__description">
          {reference.description || <span className="reference-card__muted">Keine Beschreibung</span>}
        </p>
        {reference.preparing ? (
          <p className="reference-card__preparing">
            <span className="staff-badge staff-badge--geplant">wird vorbereitet</span> Erscheint auf der Website, sobald
            die verkleinerten Fassungen fertig sind.
          </p>
        ) : null}
        <CategoryChips names={reference.category} />
        {reference.beforeOf ? (
          <p className="reference-card__pair">
            Vorher-Bild zu „{imageLabel({ description: reference.beforeOf.description, filename: "einem anderen Bild" })}“: erscheint
            auf der Website nur im Vergleich.
          </p>
        ) : (
          <div className="reference-card__marks">
            {reference.before ? <p className="reference-card__pair">Mit Vorher-Bild</p> : null}
            <FeaturedForm reference={reference} label={label} />
            <CoverForm reference={reference} label={label} />
          </div>
        )}
      </div>
      <StaffListActions id={reference.id} title={label} />
    </li>
  );
}

export const COVER_INTENT = "cover";
export const FEATURED_INTENT = "featured";

/** "Auf der Startseite zeigen": a switch (its state is `aria-pressed`), so the same words name it on and off. */
function FeaturedForm({ reference, label }: { reference: Reference; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <IntentFields intent={FEATURED_INTENT} id={reference.id} />
      <input type="hidden" name="featured" value={reference.featured ? "0" : "1"} />
      <SubmitButton
        intent={FEATURED_INTENT}
        id={reference.id}
        variant="secondary"
        pressed={reference.featured}
        label={`Auf der Startseite zeigen: ${label}`}
        pendingLabel="Speichern…"
      >
        <span className="switch-mark" aria-hidden="true" />
        Auf der Startseite zeigen
      </SubmitButton>
    </Form>
  );
}

/** "Titelbild": the picture the home page's hero shows; marking another one moves the mark. */
function CoverForm({ reference, label }: { reference: Reference; label: string }) {
  const action = reference.cover ? "Titelbild entfernen" : "Als Titelbild";
  return (
    <Form method="post" preventScrollReset className="reference-card__cover">
      <IntentFields intent={COVER_INTENT} id={reference.id} />
      <input type="hidden" name="cover" value={reference.cover ? "0" : "1"} />
      {reference.cover ? <strong className="reference-card__cover-mark">Titelbild</strong> : null}
      <SubmitButton intent={COVER_INTENT} id={reference.id} variant="secondary" label={`${action}: ${label}`}>
        {action}
      </SubmitButton>
    </Form>
  );
}
