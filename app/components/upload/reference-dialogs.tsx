import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import { Dialog, DialogCancel } from "~/components/dialog";
import { editControlId, type FormFailure, searchWith, useFocusFirstError, useReturnFocus } from "~/lib/admin-client";
import { useHydrated } from "~/lib/use-hydrated";
import type { Reference } from "~/server/references.server";
import { CategoryChips } from "./category-chips";
import { CategoryCheckboxes, CategoryPicker } from "./category-picker";
import { imageLabel, LIST_HEADING_ID, ZOOM_PARAM, zoomControlId } from "./list-href";

/** SPEC §9: the zoom dialog may grow to 1100 px; edit and delete keep the staff dialogs' 500. */
const ZOOM_MAX_WIDTH = 1100;

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
export function EditReferenceDialog({
  reference,
  categories,
  failure,
}: {
  reference: Reference | null;
  categories: string[];
  failure?: FormFailure;
}) {
  return (
    <AdminDialog
      open={Boolean(reference)}
      title="Bild bearbeiten"
      returnFocusId={reference ? editControlId(reference.id) : undefined}
    >
      {(cancel) =>
        reference ? <EditForm key={reference.id} reference={reference} categories={categories} failure={failure} cancel={cancel} /> : null
      }
    </AdminDialog>
  );
}

function EditForm({
  reference,
  categories,
  failure,
  cancel,
}: {
  reference: Reference;
  categories: string[];
  failure?: FormFailure;
  cancel: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [category, setCategory] = useState(reference.category);
  useFocusFirstError(form, failure);
  return (
    <Form ref={form} method="post" className="admin-dialog-form" preventScrollReset>
      <IntentFields intent="update" id={reference.id} />
      <img className="dialog-thumbnail" src={reference.thumbnailUrl} alt="" />
      <Field
        label="Beschreibung"
        name="description"
        multiline
        required
        maxLength={1000}
        defaultValue={failure?.values.description ?? reference.description}
        error={failure?.fieldErrors.description}
      />
      {hydrated ? (
        <CategoryPicker name="category" value={category} onChange={setCategory} suggestions={categories} />
      ) : (
        <CategoryCheckboxes categories={categories} selected={reference.category} />
      )}
      {failure && !failure.fieldErrors.description ? (
        <p className="admin-form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="admin-dialog__buttons">
        {cancel}
        <SubmitButton intent="update" id={reference.id} pendingLabel="Bestätigen…">
          Bestätigen
        </SubmitButton>
      </div>
    </Form>
  );
}

/** "Löschbestätigung" (`?loeschen=<id>`). */
export function DeleteReferenceDialog({ reference }: { reference: Reference | null }) {
  return (
    <ConfirmDeleteDialog
      open={Boolean(reference)}
      id={reference?.id ?? ""}
      itemTitle={reference ? reference.description || reference.filename : undefined}
      text="Bist du sicher, dass du dieses Bild löschen möchtest?"
      fallbackFocusId={LIST_HEADING_ID}
    />
  );
}
