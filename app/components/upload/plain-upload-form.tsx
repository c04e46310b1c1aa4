import { Form } from "@remix-run/react";
import { useRef } from "react";
import { Field } from "~/components/admin/field";
import { IntentFields, SubmitButton } from "~/components/admin/submit-button";
import { type FormFailure } from "~/lib/staff-forms";
import { useFocusFirstError } from "~/components/admin/use-staff-form";
import { CategoryCheckboxes } from "./category-picker";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

/**
 * The upload without JavaScript: one multipart form, one description and one set of
 * categories for every chosen file. The server strips location data from the originals.
 */
export function PlainUploadForm({ categories, failure }: { categories: string[]; failure?: FormFailure }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
    <Form ref={form} method="post" encType="multipart/form-data" className="admin-form">
      <IntentFields intent="upload" />
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
      <div className="admin-form__buttons">
        <SubmitButton intent="upload" pendingLabel="Wird hochgeladen…">
          Hochladen
        </SubmitButton>
      </div>
    </Form>
  );
}
