import type { ReactNode } from "react";
import { useIsSubmitting } from "~/components/staff/use-staff-form";

/**
 * The submit button of one staff form. While its form (intent, and id for list
 * items) is on its way it says so and refuses a second submission; it stays
 * focusable (aria-disabled rather than disabled) so keyboard focus is not lost.
 */
export function SubmitButton({
  intent,
  id,
  children,
  pendingLabel,
  variant = "primary",
  label,
  pressed,
  pending: sent,
}: {
  intent: string;
  id?: string;
  children: ReactNode;
  pendingLabel?: string;
  variant?: "primary" | "secondary" | "danger";
  /** The accessible name when the visible text alone does not say which item it is for. */
  label?: string;
  /** For a button that switches a mark on or off: whether it is on now. */
  pressed?: boolean;
  /** For a form sent by a fetcher, which the page's navigation does not see: whether it is on its way. */
  pending?: boolean;
}) {
  const submitting = useIsSubmitting(intent, id);
  const pending = sent ?? submitting;
  return (
    <button
      type="submit"
      className={`button${variant === "primary" ? "" : ` button--${variant}`}`}
      aria-label={label}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? (pendingLabel ?? `${children}…`) : children}
    </button>
  );
}

/** The hidden fields every staff form carries: which action, and for list items which record. */
export function IntentFields({ intent, id }: { intent: string; id?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
    </>
  );
}
