import { Form } from "@remix-run/react";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { PROGRESS_INTENTS } from "~/lib/enquiry-progress";
import type { StaffProgress } from "~/server/web/job-view.server";

/**
 * The customer's links to the status page (issue 37): until when they work once the job is
 * closed, and "Neuen Link senden", which ends every earlier one at once (a forwarded e-mail, a
 * customer whose link ran out) and sends the new one as the customer's other messages go. A plain
 * form: Post/Redirect/Get with a toast, with or without JavaScript.
 */
export function StatusLink({ progress }: { progress: StaffProgress }) {
  if (!progress.workable) return null;
  const { end, ended, weeks } = progress.statusLinks;
  return (
    <section className="staff-section" aria-labelledby="statuslink-titel">
      <h2 id="statuslink-titel">Link zur Statusseite</h2>
      <p className="staff-field__hint">
        {end
          ? ended
            ? `Die Links der Kundin / des Kunden sind seit ${end} Uhr abgelaufen (${weeks} Wochen nach Abschluss).`
            : `Die Links der Kundin / des Kunden gelten bis ${end} Uhr (${weeks} Wochen nach Abschluss).`
          : `Die Links gelten, bis der Auftrag ${weeks} Wochen abgeschlossen ist.`}{" "}
        Ein neuer Link beendet alle früheren sofort.
      </p>
      <Form method="post" preventScrollReset>
        <IntentFields intent={PROGRESS_INTENTS.renewLink} id={progress.enquiryId} />
        <SubmitButton intent={PROGRESS_INTENTS.renewLink} id={progress.enquiryId} variant="secondary" pendingLabel="Wird erstellt…">
          Neuen Link senden
        </SubmitButton>
      </Form>
    </section>
  );
}
