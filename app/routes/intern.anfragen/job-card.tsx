import { Link } from "@remix-run/react";
import type { QuickDay } from "~/components/staff/date-time-field";
import type { StaffConsent, StaffProgress } from "~/server/web/job-view.server";
import { ConfirmDeleteDialog } from "~/components/staff/staff-dialog";
import { CONTACT_CHANNEL_LABELS } from "~/lib/enquiry";
import { PATHS } from "~/lib/site-areas";
import type { ReplySnippet } from "~/server/entities/job/reply-snippets.server";
import { ConsentState } from "./consent-state";
import { ContactDetails } from "./contact-details";
import { CustomerNotices } from "./customer-notices";
import { EnquiryBadges } from "./enquiry-badges";
import { JobSteps, NewAnswer } from "./job-steps";
import { MoreActions, MORE_ACTIONS_ID } from "./more-actions";
import { NoteForm } from "./note-form";
import { PhotoStrip } from "./photo-strip";
import { ProjectOfEnquiry, ShowAsProject } from "./project-links";
import { QuoteEditor } from "./quote-editor";
import { ReplyActions } from "./reply-actions";
import type { ShownEnquiry } from "./shown-enquiry";
import { SlotProposals } from "./slot-proposals";
import { StatusButtons } from "./status-buttons";
import { StatusLink } from "./status-link";

/**
 * One enquiry as a job card, in the order staff work through it on a phone: the photos and
 * the job, who asked and when, answering; then its steps (decision 021): where the customer
 * stands and what they were told, the price, the drop-off dates, "fertig"; the status, the note; what is done rarely
 * (Spam, Löschen) behind "Weitere Aktionen", the contact details last. Each section is a
 * part of its own beside this file.
 */
export function JobCard({
  enquiry,
  progress,
  consent,
  deleting,
  snippets,
  chosenSnippet,
  finishMessage,
  quickDays,
}: {
  enquiry: ShownEnquiry;
  progress: StaffProgress;
  /** What the customer allows to be shown (decision 025). */
  consent: StaffConsent;
  deleting: { id: string; title: string } | null;
  snippets: ReplySnippet[];
  chosenSnippet: string | null;
  /** What the customer will read once the car is reported fertig. */
  finishMessage: string | null;
  /** The next open days, the proposal fields' quick choices. */
  quickDays: QuickDay[];
}) {
  return (
    <article className="job-card" aria-labelledby="anfrage-titel">
      <p className="staff-back">
        <Link to={PATHS.staffEnquiries} className="standalone-link">
          ← Alle Anfragen
        </Link>
      </p>
      <h1 id="anfrage-titel" className="job-card__title">
        Anfrage {enquiry.reference} <EnquiryBadges enquiry={enquiry} />
      </h1>
      {enquiry.spamReason ? <p className="enquiry-notice">Als Spam eingeordnet: {enquiry.spamReason}.</p> : null}
      {enquiry.mailStatus === "fehlgeschlagen" ? (
        <p className="enquiry-notice">Die E-Mail an die Werkstatt wurde nicht zugestellt; die nächtliche Wartung versucht es erneut.</p>
      ) : null}

      <NewAnswer progress={progress} />
      <PhotoStrip enquiry={enquiry} />
      <p className="job-card__job">{[enquiry.vehicle, enquiry.topic].filter(Boolean).join(" · ")}</p>
      <p className="enquiry-description">{enquiry.description}</p>
      {enquiry.damage.length > 0 ? <p className="job-card__damage">Schaden: {enquiry.damage.join(", ")}</p> : null}
      <ProjectOfEnquiry enquiry={enquiry} />
      <p className="job-card__who">
        <strong>{enquiry.name}</strong> · <span>{enquiry.receivedAgo}</span>
        {enquiry.preferredDay ? <span> · Wunschtermin {enquiry.preferredDay}</span> : null}
        {enquiry.contactBy ? <span> · Antwort per {CONTACT_CHANNEL_LABELS[enquiry.contactBy]}</span> : null}
        {enquiry.reachable ? <span> · erreichbar {enquiry.reachable}</span> : null}
      </p>

      <ReplyActions enquiry={enquiry} snippets={snippets} chosenSnippet={chosenSnippet} />
      <CustomerNotices progress={progress} />
      <QuoteEditor progress={progress} reference={enquiry.reference} />
      {progress.canPropose || progress.appointment ? <SlotProposals progress={progress} quickDays={quickDays} /> : null}
      <JobSteps progress={progress} finishMessage={finishMessage} />
      <ConsentState consent={consent} />
      <ShowAsProject enquiry={enquiry} progress={progress} />
      <StatusButtons enquiry={enquiry} />
      <NoteForm enquiry={enquiry} />
      <MoreActions enquiry={enquiry}>
        <StatusLink progress={progress} />
      </MoreActions>
      <ContactDetails enquiry={enquiry} />

      <ConfirmDeleteDialog item={deleting} text="Bist du sicher, dass du diese Anfrage löschen möchtest?" fallbackFocusId={MORE_ACTIONS_ID} />
    </article>
  );
}
