import { Form, useActionData } from "@remix-run/react";
import { useRef } from "react";
import { Field } from "~/components/staff/field";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFocusFirstError } from "~/components/staff/use-staff-form";
import { ENQUIRY_NOTE_MAX_LENGTH } from "~/lib/enquiry";
import { failureFor, fieldState } from "~/lib/staff-forms";
import type { ShownEnquiry } from "./shown-enquiry";
import { StepEditor } from "./step-editor";

/** How much of a note its folded line shows. */
const NOTE_PREVIEW_LENGTH = 40;

/**
 * The team's internal note, saved on its own (intent=note), so saving it never changes the status;
 * folded to one line with its beginning, open after a refusal.
 */
export function NoteForm({ enquiry }: { enquiry: ShownEnquiry }) {
  const failure = failureFor(useActionData(), "note", enquiry.id);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  const preview = enquiry.note.length > NOTE_PREVIEW_LENGTH ? `${enquiry.note.slice(0, NOTE_PREVIEW_LENGTH)}…` : enquiry.note;
  return (
    <StepEditor summary={preview ? `Notiz für das Team: ${preview}` : "Notiz für das Team"} open={!!failure}>
      <Form ref={form} method="post" preventScrollReset className="staff-form job-card__note">
        <IntentFields intent="note" id={enquiry.id} />
        <Field
          label="Interne Notiz"
          multiline
          rows={3}
          maxLength={ENQUIRY_NOTE_MAX_LENGTH}
          hint="Nur für das Team sichtbar."
          {...fieldState(failure, "note", enquiry.note)}
        />
        <div className="staff-form__buttons">
          <SubmitButton intent="note" id={enquiry.id} variant="secondary" pendingLabel="Speichern…">
            Notiz speichern
          </SubmitButton>
        </div>
      </Form>
    </StepEditor>
  );
}
