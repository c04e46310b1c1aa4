import { Field } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { type FormFailure } from "~/lib/staff-forms";
import { CategoryCheckboxes } from "./category-picker";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

/**
 * The upload without JavaScript: one multipart form, one description and one set of
 * categories for every chosen file. The server strips location data from the originals.
 */
export function PlainUploadForm({ categories, failure }: { categories: string[]; failure?: FormFailure }) {
  return (
    <StaffForm intent="upload" submitLabel="Hochladen" pendingLabel="Wird hochgeladen…" failure={failure} encType="multipart/form-data">
      <Field label="Bilder auswählen" name="images" type="file" accept="image/*" multiple required error={failure?.fieldErrors.images} />
      <Field
        label="Beschreibung"
        name="description"
        multiline
        rows={3}
        maxLength={DESCRIPTION_MAX_LENGTH}
        hint="Gilt für alle ausgewählten Bilder."
        defaultValue={failure?.values.description}
      />
      <CategoryCheckboxes categories={categories} newCategories={failure?.values.newCategories} />
    </StaffForm>
  );
}
