import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { Dialog, DialogCancel } from "~/components/dialog";
import { useHydrated } from "~/lib/use-hydrated";
import type { Reference } from "~/server/references.server";
import { CategoryChips } from "./category-chips";
import { CategoryCheckboxes, CategoryPicker } from "./category-picker";
import { imageLabel, type ListDialogKind, listHref } from "./list-href";

/** What the page's action answers when it does not redirect. */
export interface ActionResult {
  intent: string;
  id?: string;
  error: string;
  fieldErrors?: Record<string, string>;
}

interface ReferenceDialogProps {
  dialog: { kind: ListDialogKind; reference: Reference } | null;
  page: number;
  categories: string[];
  result?: ActionResult;
}

/** SPEC §9: the zoom dialog may grow to 1100 px, edit and delete stay at 500. */
const ZOOM_MAX_WIDTH = 1100;

/** The zoom, edit or delete dialog the URL asks for (`?bild=`, `?bearbeiten=`, `?loeschen=`). */
export function ReferenceDialog({ dialog, page, categories, result }: ReferenceDialogProps) {
  const navigate = useNavigate();
  if (!dialog) return null;
  const closeHref = listHref(page);
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  const { reference } = dialog;
  const ownResult = result?.id === reference.id ? result : undefined;
  switch (dialog.kind) {
    case "bild":
      return <ZoomDialog reference={reference} closeHref={closeHref} onClose={close} />;
    case "bearbeiten":
      return (
        <EditDialog
          key={reference.id}
          reference={reference}
          closeHref={closeHref}
          onClose={close}
          categories={categories}
          result={ownResult?.intent === "update" ? ownResult : undefined}
        />
      );
    case "loeschen":
      return (
        <DeleteDialog
          reference={reference}
          closeHref={closeHref}
          onClose={close}
          result={ownResult?.intent === "delete" ? ownResult : undefined}
        />
      );
  }
}

interface DialogPartProps {
  reference: Reference;
  closeHref: string;
  onClose: () => void;
}

function ZoomDialog({ reference, closeHref, onClose }: DialogPartProps) {
  return (
    <Dialog open title="Bildansicht" closeHref={closeHref} maxWidth={ZOOM_MAX_WIDTH}>
      <figure className="zoom">
        <img className="zoom__image" src={reference.displayUrl} alt={imageLabel(reference)} />
        <figcaption className="zoom__caption">
          <CategoryChips names={reference.category} />
          {reference.description ? <p className="zoom__description">{reference.description}</p> : null}
        </figcaption>
      </figure>
      <div className="dialog-actions">
        <DialogCancel href={closeHref} onClose={onClose}>
          Schließen
        </DialogCancel>
      </div>
    </Dialog>
  );
}

function EditDialog({
  reference,
  closeHref,
  onClose,
  categories,
  result,
}: DialogPartProps & { categories: string[]; result?: ActionResult }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [category, setCategory] = useState(reference.category);
  const descriptionId = useId();
  const errorId = useId();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const descriptionError = result?.fieldErrors?.description;
  const formError = result && !descriptionError ? result.error : undefined;
  return (
    <Dialog open title="Bild bearbeiten" closeHref={closeHref}>
      <Form method="post" className="dialog-form">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={reference.id} />
        <img className="dialog-thumbnail" src={reference.thumbnailUrl} alt="" />
        <div className="field">
          <label htmlFor={descriptionId}>Beschreibung</label>
          <textarea
            id={descriptionId}
            name="description"
            required
            rows={3}
            maxLength={1000}
            defaultValue={reference.description}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? errorId : undefined}
          />
          {descriptionError ? (
            <p id={errorId} className="field-error" role="alert">
              {descriptionError}
            </p>
          ) : null}
        </div>
        {hydrated ? (
          <CategoryPicker name="category" value={category} onChange={setCategory} suggestions={categories} />
        ) : (
          <CategoryCheckboxes categories={categories} selected={reference.category} />
        )}
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="dialog-actions">
          <DialogCancel href={closeHref} onClose={onClose} />
          <button type="submit" className="button" disabled={submitting}>
            Bestätigen
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

function DeleteDialog({ reference, closeHref, onClose, result }: DialogPartProps & { result?: ActionResult }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Dialog open title="Löschbestätigung" closeHref={closeHref}>
      <Form method="post" className="dialog-form">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={reference.id} />
        <p>Bist du sicher, dass du dieses Bild löschen möchtest?</p>
        <img className="dialog-thumbnail" src={reference.thumbnailUrl} alt={imageLabel(reference)} />
        {result ? (
          <p className="form-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <DialogCancel href={closeHref} onClose={onClose} />
          <button type="submit" className="button button--danger" disabled={submitting}>
            Löschen
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
