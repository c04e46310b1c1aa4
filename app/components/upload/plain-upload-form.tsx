import { Form } from "@remix-run/react";
import { useId } from "react";
import { CategoryCheckboxes } from "./category-picker";

/**
 * The upload without JavaScript: one multipart form, one description and one set of
 * categories for every chosen file. The server strips location data from the originals.
 */
export function PlainUploadForm({ categories, error }: { categories: string[]; error?: string }) {
  const filesId = useId();
  const descriptionId = useId();
  const hintId = useId();
  return (
    <Form method="post" encType="multipart/form-data" className="upload-form">
      <input type="hidden" name="intent" value="upload" />
      <div className="field">
        <label htmlFor={filesId}>Bilder auswählen</label>
        <input id={filesId} type="file" name="images" accept="image/*" multiple required />
      </div>
      <div className="field">
        <label htmlFor={descriptionId}>Beschreibung</label>
        <textarea id={descriptionId} name="description" rows={3} maxLength={1000} aria-describedby={hintId} />
        <p id={hintId} className="field-hint">
          Gilt für alle ausgewählten Bilder.
        </p>
      </div>
      <CategoryCheckboxes categories={categories} />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button">
        Hochladen
      </button>
    </Form>
  );
}
