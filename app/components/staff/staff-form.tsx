import { Form, type FormProps } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import type { FormFailure } from "~/lib/staff-forms";
import { useFocusFirstError } from "~/components/staff/use-staff-form";
import { IntentFields, SubmitButton } from "./submit-button";

/**
 * One staff form that posts `intent`: its fields, then its submit button. After a
 * failed submission (`failure`) focus moves to the first invalid field.
 */
export function StaffForm({
  intent,
  submitLabel,
  pendingLabel = `${submitLabel}…`,
  failure,
  className = "staff-form",
  children,
  ...form
}: Omit<FormProps, "method" | "ref"> & {
  intent: string;
  submitLabel: string;
  pendingLabel?: string;
  failure?: FormFailure;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, failure);
  return (
    <Form ref={ref} method="post" className={className} {...form}>
      <IntentFields intent={intent} />
      {children}
      <div className="staff-form__buttons">
        <SubmitButton intent={intent} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
