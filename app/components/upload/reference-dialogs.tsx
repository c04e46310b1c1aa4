import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDeleteDialog, EditDialog } from "~/components/staff/staff-dialog";
import { Field, FieldError, FormError } from "~/components/staff/field";
import { type FormFailure, searchWith } from "~/lib/staff-forms";
import { useHydrated } from "~/components/use-hydrated";
import type { Reference } from "~/server/entities/references.server";
import { ImageViewer } from "~/components/gallery/image-viewer";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { CategoryCheckboxes, CategoryPicker } from "./category-picker";
import { imageLabel, LIST_HEADING_ID, ZOOM_PARAM, zoomControlId } from "~/lib/picture-list-href";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

/**
 * "Bildansicht" (`?bild=<id>`): the large image with its categories and description,
 * stepping through the pictures of the list's page.
 */
export function ZoomDialog({ reference, references }: { reference: Reference | null; references: Reference[] }) {
  const location = useLocation();
  if (!reference) return null;
  const at = (id: string | undefined) =>
    id ? `${location.pathname}${searchWith(location.search, { [ZOOM_PARAM]: id })}` : null;
  const index = references.findIndex((item) => item.id === reference.id);
  return (
    <ImageViewer
      image={reference}
      title="Bildansicht"
      alt={imageLabel(reference)}
      closeHref={`${location.pathname}${searchWith(location.search, { [ZOOM_PARAM]: null })}`}
      previousHref={index > 0 ? at(references[index - 1].id) : null}
      nextHref={index >= 0 ? at(references[index + 1]?.id) : null}
      position={index >= 0 ? `Bild ${index + 1} von ${references.length}` : undefined}
      returnFocusId={zoomControlId(reference.id)}
    />
  );
}

/** "Bild bearbeiten" (`?bearbeiten=<id>`): description (required), categories and the "Vorher-Bild". */
export function EditReferenceDialog({
  reference,
  categories,
  beforeChoices,
}: {
  reference: Reference | null;
  categories: string[];
  /** What may be its "Vorher-Bild" (`beforeChoicesRead`). */
  beforeChoices: Reference[];
}) {
  return (
    // Opened from the picture's actions, which close meanwhile: focus goes back to its thumbnail.
    <EditDialog item={reference} title="Bild bearbeiten" returnFocusId={zoomControlId}>
      {({ item, failure }) => (
        <>
          <ReferenceFields reference={item} categories={categories} failure={failure} />
          {item.beforeOf ? null : <BeforeChoice reference={item} choices={beforeChoices} failure={failure} />}
        </>
      )}
    </EditDialog>
  );
}

export const BEFORE_FIELD = "beforeId";
/** The choice's thumbnails: 6rem wide (upload.css). */
const CHOICE_SIZES = "6rem";

/**
 * "Vorher-Bild": none, or one of the pictures uploaded around the same time. Plain radio buttons
 * with thumbnails, the same with and without JavaScript.
 */
function BeforeChoice({ reference, choices, failure }: { reference: Reference; choices: Reference[]; failure?: FormFailure }) {
  const chosen = failure?.values[BEFORE_FIELD] ?? reference.before?.id ?? "";
  const error = failure?.fieldErrors[BEFORE_FIELD];
  const hintId = `vorher-hinweis-${reference.id}`;
  const errorId = `vorher-fehler-${reference.id}`;
  return (
    <fieldset className="before-choice" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="staff-field__label">Vorher-Bild</legend>
      <p id={hintId} className="staff-field__hint">
        Die Website zeigt es mit diesem Bild im Vergleich „Vorher / Nachher“. Zur Wahl stehen Bilder, die um die gleiche Zeit
        hochgeladen wurden.
      </p>
      <ul className="before-choice__options">
        <li>
          <label className="before-choice__option before-choice__option--none">
            <input type="radio" name={BEFORE_FIELD} value="" defaultChecked={chosen === ""} />
            <span>Kein Vorher-Bild</span>
          </label>
        </li>
        {choices.map((choice) => (
          <li key={choice.id}>
            <label className="before-choice__option">
              <input type="radio" name={BEFORE_FIELD} value={choice.id} defaultChecked={chosen === choice.id} />
              <ReferencePicture picture={choice} className="before-choice__image" sizes={CHOICE_SIZES} width={400} height={300} loading="lazy" alt="" />
              <span className="before-choice__label">{imageLabel(choice)}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
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
      {/* At most 12rem × 9rem (upload.css). */}
      <ReferencePicture picture={reference} className="dialog-thumbnail" sizes="12rem" width={400} height={300} alt="" />
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
      {/* A message no field shows (categories, a refused write) stands under the fields. */}
      {failure && !failure.fieldErrors.description && !failure.fieldErrors[BEFORE_FIELD] ? <FormError>{failure.message}</FormError> : null}
    </>
  );
}

/** "Löschbestätigung" (`?loeschen=<id>`). */
export function DeleteReferenceDialog({ reference }: { reference: Reference | null }) {
  return (
    <ConfirmDeleteDialog
      item={reference && { id: reference.id, title: reference.description || reference.filename }}
      text="Bist du sicher, dass du dieses Bild löschen möchtest?"
      returnFocusId={zoomControlId}
      fallbackFocusId={LIST_HEADING_ID}
    />
  );
}
