import { Form, useActionData } from "@remix-run/react";
import { useRef } from "react";
import { Field } from "~/components/staff/field";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { useFocusFirstError } from "~/components/staff/use-staff-form";
import { ENQUIRY_NOTE_MAX_LENGTH } from "~/lib/enquiry";
import { failureFor, fieldState } from "~/lib/staff-forms";
import type { ShownEnquiry } from "./shown-enquiry";

/** The team's internal note, saved on its own (intent=note), so saving it never changes the status. */
export function NoteForm({ enquiry }: { enquiry: ShownEnquiry }) {
  const failure = failureFor(useActionData(), "note", enquiry.id);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, failure);
  return (
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
  );
}
