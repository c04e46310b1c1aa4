import { Form } from "@remix-run/react";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { PROGRESS_INTENTS } from "~/lib/enquiry-progress";
import type { StaffProgress } from "~/server/web/enquiry-progress.server";

/** "Fahrzeug fertig – kann abgeholt werden" in one tap; afterwards since when. */
export function FinishJob({ progress }: { progress: StaffProgress }) {
  if (progress.finishedAt) {
    return (
      <p className="enquiry-steps__done">
        Fahrzeug fertig gemeldet am {progress.finishedAt} Uhr.
      </p>
    );
  }
  if (!progress.workable) return null;
  return (
    <Form method="post" className="enquiry-steps__finish" preventScrollReset>
      <IntentFields intent={PROGRESS_INTENTS.finish} id={progress.enquiryId} />
      <SubmitButton intent={PROGRESS_INTENTS.finish} id={progress.enquiryId} pendingLabel="Wird gemeldet…">
        Fahrzeug fertig – kann abgeholt werden
      </SubmitButton>
    </Form>
  );
}
