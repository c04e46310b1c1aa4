import { Field, FieldError } from "~/components/staff/field";
import { StaffForm } from "~/components/staff/staff-form";
import { type FormFailure } from "~/lib/staff-forms";
import { CategoryCheckboxes } from "./category-picker";
import { PhotoPicker, WhereTheyAppear } from "./photo-picker";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

const FILES_ERROR_ID = "bilder-fehler";

/**
 * The upload without JavaScript: one multipart form, one description and one set of
 * categories for every chosen file. The server strips location data from the originals.
 */
export function PlainUploadForm({ categories, failure }: { categories: string[]; failure?: FormFailure }) {
  const filesError = failure?.fieldErrors.images;
  return (
    <StaffForm intent="upload" submitLabel="Hochladen" pendingLabel="Wird hochgeladen…" failure={failure} encType="multipart/form-data">
      <PhotoPicker required invalid={Boolean(filesError)} describedBy={filesError ? FILES_ERROR_ID : undefined}>
        <FieldError id={FILES_ERROR_ID}>{filesError}</FieldError>
      </PhotoPicker>
      <WhereTheyAppear />
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
