import { Form } from "@remix-run/react";
import { CategoryChips } from "~/components/gallery/category-chips";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { DialogLink } from "~/components/staff/staff-list-actions";
import { StaffDialog } from "~/components/staff/staff-dialog";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { imageLabel, LIST_HEADING_ID, ZOOM_PARAM, zoomControlId } from "~/lib/picture-list-href";
import { DELETE_PARAM, deleteControlId, EDIT_PARAM, editControlId } from "~/lib/staff-forms";
import type { Reference } from "~/server/entities/references.server";
import { PictureBadges } from "./reference-list";

export const COVER_INTENT = "cover";
export const FEATURED_INTENT = "featured";

/**
 * A picture's actions (`?aktionen=<id>`): larger, with its description and categories, then
 * what can be done with it — on the home page, as Titelbild, edit (with its Vorher-Bild),
 * enlarge, delete. With JavaScript a sheet along the bottom of a phone; without it the
 * picture's own page state, each action a plain form or link.
 */
export function ReferenceActionsDialog({ reference }: { reference: Reference | null }) {
  return (
    <StaffDialog
      open={Boolean(reference)}
      title="Bildaktionen"
      returnFocusId={reference ? zoomControlId(reference.id) : undefined}
      fallbackFocusId={LIST_HEADING_ID}
      cancelLabel="Schließen"
      sheet
    >
      {(close) => (reference ? <PictureActions reference={reference} close={close} /> : null)}
    </StaffDialog>
  );
}

/** The sheet's picture: at most 20rem wide (upload.css). */
const SHEET_PICTURE_SIZES = "(max-width: 599px) 90vw, 20rem";

function PictureActions({ reference, close }: { reference: Reference; close: React.ReactNode }) {
  const label = imageLabel(reference);
  return (
    <div className="picture-actions">
      <DialogLink param={ZOOM_PARAM} itemId={reference.id} controlId={`gross-${reference.id}`} className="picture-actions__preview" label={`Bild vergrößern: ${label}`}>
        <ReferencePicture picture={reference} className="picture-actions__image" sizes={SHEET_PICTURE_SIZES} width={400} height={300} alt="" />
      </DialogLink>
      <p className="picture-actions__description">
        {reference.description || <span className="picture-actions__muted">Keine Beschreibung</span>}
      </p>
      <PictureBadges reference={reference} />
      <CategoryChips names={reference.category} />
      {reference.preparing ? (
        <p className="picture-actions__note">Erscheint auf der Website, sobald die verkleinerten Fassungen fertig sind.</p>
      ) : null}
      {reference.beforeOf ? (
        <p className="picture-actions__note">
          Vorher-Bild zu „{imageLabel({ description: reference.beforeOf.description, filename: "einem anderen Bild" })}“: erscheint auf der
          Website nur im Vergleich.
        </p>
      ) : (
        <div className="picture-actions__marks">
          <FeaturedForm reference={reference} label={label} />
          <CoverForm reference={reference} label={label} />
        </div>
      )}
      <div className="picture-actions__links">
        <DialogLink param={EDIT_PARAM} itemId={reference.id} controlId={editControlId(reference.id)} className="button button--secondary" label={`Bearbeiten: ${label}`}>
          Bearbeiten
        </DialogLink>
        {reference.beforeOf ? null : (
          <DialogLink
            param={EDIT_PARAM}
            itemId={reference.id}
            controlId={`vorher-waehlen-${reference.id}`}
            className="button button--secondary"
            label={`${reference.before ? "Vorher-Bild ändern" : "Vorher-Bild wählen"}: ${label}`}
          >
            {reference.before ? "Vorher-Bild ändern" : "Vorher-Bild wählen"}
          </DialogLink>
        )}
        <DialogLink param={DELETE_PARAM} itemId={reference.id} controlId={deleteControlId(reference.id)} className="button button--danger" label={`Löschen: ${label}`}>
          Löschen
        </DialogLink>
      </div>
      <div className="staff-dialog__buttons">{close}</div>
    </div>
  );
}

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
    <Form method="post" preventScrollReset>
      <IntentFields intent={COVER_INTENT} id={reference.id} />
      <input type="hidden" name="cover" value={reference.cover ? "0" : "1"} />
      <SubmitButton intent={COVER_INTENT} id={reference.id} variant="secondary" label={`${action}: ${label}`}>
        {action}
      </SubmitButton>
    </Form>
  );
}
