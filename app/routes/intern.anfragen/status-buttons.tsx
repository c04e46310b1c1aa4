import { Form, useNavigation } from "@remix-run/react";
import { IntentFields } from "~/components/staff/submit-button";
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from "~/lib/enquiry";
import type { ShownEnquiry } from "./shown-enquiry";

/** The row staff move an enquiry along; "Spam" stands apart, under "Weitere Aktionen". */
const WORKFLOW = ENQUIRY_STATUSES.filter((status) => status !== "spam");

/**
 * One button per status (intent=status, the status as the button's value), so a change is one
 * tap with or without JavaScript. The current one is pressed (`aria-pressed`); the one on its
 * way says so and takes no second tap.
 */
export function StatusButtons({ enquiry }: { enquiry: ShownEnquiry }) {
  return (
    <section className="job-card__section" aria-labelledby="status-titel">
      <h2 id="status-titel" className="job-card__heading">
        Status
      </h2>
      <Form method="post" preventScrollReset className="status-buttons" role="group" aria-labelledby="status-titel">
        <IntentFields intent="status" id={enquiry.id} />
        {WORKFLOW.map((status) => (
          <StatusButton key={status} enquiry={enquiry} status={status} />
        ))}
      </Form>
    </section>
  );
}

/** One status as a toggle button; also used for "Spam" under "Weitere Aktionen". */
export function StatusButton({ enquiry, status, label = ENQUIRY_STATUS_LABELS[status] }: { enquiry: ShownEnquiry; status: EnquiryStatus; label?: string }) {
  const formData = useNavigation().formData;
  const pending = formData?.get("intent") === "status" && formData.get("id") === enquiry.id && formData.get("status") === status;
  const current = enquiry.status === status;
  return (
    <button
      type="submit"
      name="status"
      value={status}
      className={`button status-button${current ? " status-button--current" : " button--secondary"}`}
      aria-pressed={current}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? `${label}…` : label}
    </button>
  );
}
