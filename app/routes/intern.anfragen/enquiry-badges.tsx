import { ENQUIRY_STATUS_LABELS } from "~/lib/enquiry";
import type { Enquiry } from "~/server/entities/enquiries.server";

/** The status as text (never colour alone), and a failed e-mail to the workshop. */
export function EnquiryBadges({ enquiry }: { enquiry: Pick<Enquiry, "status" | "mailStatus"> }) {
  return (
    <>
      <span className={`staff-badge enquiry-badge enquiry-badge--${enquiry.status}`}>{ENQUIRY_STATUS_LABELS[enquiry.status]}</span>
      {enquiry.mailStatus === "fehlgeschlagen" ? <span className="staff-badge enquiry-badge enquiry-badge--mail">E-Mail nicht zugestellt</span> : null}
    </>
  );
}
