import { ENQUIRY_STATUS_LABELS } from "~/lib/enquiry";
import { WAITING_ON_LABELS, type WaitingOn } from "~/lib/job";
import type { Enquiry } from "~/server/entities/job/enquiries.server";

/** The job's step (else the status) as text, never colour alone; a customer's new answer; a failed e-mail to the workshop. */
export function EnquiryBadges({
  enquiry,
}: {
  enquiry: Pick<Enquiry, "status" | "mailStatus" | "customerAnsweredAt"> & { step?: string | null; waitingOn?: WaitingOn };
}) {
  return (
    <>
      {enquiry.step && enquiry.status !== "spam" ? (
        <span className="staff-badge enquiry-badge enquiry-badge--step">{enquiry.step}</span>
      ) : (
        <span className={`staff-badge enquiry-badge enquiry-badge--${enquiry.status}`}>{ENQUIRY_STATUS_LABELS[enquiry.status]}</span>
      )}
      {enquiry.customerAnsweredAt && enquiry.status !== "spam" ? <span className="staff-badge enquiry-badge enquiry-badge--answer">Neue Antwort</span> : null}
      {enquiry.waitingOn ? <span className="staff-badge enquiry-badge">{WAITING_ON_LABELS[enquiry.waitingOn]}</span> : null}
      {enquiry.mailStatus === "fehlgeschlagen" ? <span className="staff-badge enquiry-badge enquiry-badge--mail">E-Mail nicht zugestellt</span> : null}
    </>
  );
}
