import { useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { failureFor, type FormFailure } from "~/lib/staff-forms";
import { useFormKeyAfterSuccess } from "~/components/staff/use-staff-form";
import { StaffForm } from "./staff-form";

/**
 * The form above a staff list that adds an item (intent=create). A failed submission
 * comes back filled in with focus on the first invalid field; a successful one mounts
 * the form again empty, with focus in its first field for the next item.
 */
export function CreateForm({
  headingId,
  heading,
  submitLabel,
  children,
}: {
  headingId: string;
  heading: string;
  submitLabel: string;
  /** The fields, given the failed submission to show again and whether the first one takes focus. */
  children: (state: { failure?: FormFailure; autoFocus: boolean }) => ReactNode;
}) {
  const failure = failureFor(useActionData(), "create");
  const formKey = useFormKeyAfterSuccess("create");
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-form__title">
        {heading}
      </h2>
      <StaffForm key={formKey} intent="create" submitLabel={submitLabel} failure={failure} preventScrollReset>
        {children({ failure, autoFocus: formKey > 0 })}
      </StaffForm>
    </section>
  );
}
