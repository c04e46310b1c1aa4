import { useLocation, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/admin/admin-dialog";
import { Field, FormError } from "~/components/admin/field";
import { Dialog, DialogCancel } from "~/components/dialog";
import { type FormFailure, searchWith } from "~/lib/staff-forms";
import { useReturnFocus } from "~/components/admin/use-staff-form";
import { ZOOM_MAX_WIDTH } from "~/lib/image-sizes";
import { useHydrated } from "~/lib/use-hydrated";
import type { Reference } from "~/server/references.server";
import { CategoryChips } from "./category-chips";
import { CategoryCheckboxes, CategoryPicker } from "./category-picker";
import { imageLabel, LIST_HEADING_ID, ZOOM_PARAM, zoomControlId } from "./list-href";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

/** "Bildansicht": the large image with its categories and description (`?bild=<id>`). */
export function ZoomDialog({ reference }: { reference: Reference | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const closeHref = `${location.pathname}${searchWith(location.search, { [ZOOM_PARAM]: null })}`;
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  useReturnFocus(Boolean(reference), reference ? zoomControlId(reference.id) : undefined, LIST_HEADING_ID);
  return (
    <Dialog open={Boolean(reference)} title="Bildansicht" onClose={close} maxWidth={ZOOM_MAX_WIDTH}>
      {reference ? (
        <>
          <figure className="zoom">
            <img className="zoom__image" src={reference.displayUrl} alt={imageLabel(reference)} />
            <figcaption className="zoom__caption">
              <CategoryChips names={reference.category} />
              {reference.description ? <p className="zoom__description">{reference.description}</p> : null}
            </figcaption>
          </figure>
          <div className="admin-dialog__buttons">
            <DialogCancel href={closeHref} onClose={close}>
              Schließen
            </DialogCancel>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

/** "Bild bearbeiten" (`?bearbeiten=<id>`): description (required) and categories. */
export function EditReferenceDialog({ reference, categories }: { reference: Reference | null; categories: string[] }) {
  return (
    <EditDialog item={reference} title="Bild bearbeiten">
      {({ item, failure }) => <ReferenceFields reference={item} categories={categories} failure={failure} />}
    </EditDialog>
  );
}

function ReferenceFields({
  reference,
  categories,
  failure,
}: {
  reference: Reference;
  categories: string[];
  failure?: FormFailure;
}) {
  const hydrated = useHydrated();
  const [category, setCategory] = useState(reference.category);
  return (
    <>
      <img className="dialog-thumbnail" src={reference.thumbnailUrl} alt="" />
      <Field
        label="Beschreibung"
        name="description"
        multiline
        required
        maxLength={DESCRIPTION_MAX_LENGTH}
        defaultValue={failure?.values.description ?? reference.description}
        error={failure?.fieldErrors.description}
      />
      {hydrated ? (
        <CategoryPicker name="category" value={category} onChange={setCategory} suggestions={categories} />
      ) : (
        <CategoryCheckboxes categories={categories} selected={reference.category} />
      )}
      {failure && !failure.fieldErrors.description ? (
        <FormError>{failure.message}</FormError>
      ) : null}
    </>
  );
}

/** "Löschbestätigung" (`?loeschen=<id>`). */
export function DeleteReferenceDialog({ reference }: { reference: Reference | null }) {
  return (
    <ConfirmDeleteDialog
      item={reference && { id: reference.id, title: reference.description || reference.filename }}
      text="Bist du sicher, dass du dieses Bild löschen möchtest?"
      fallbackFocusId={LIST_HEADING_ID}
    />
  );
}
