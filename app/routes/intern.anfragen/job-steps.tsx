import { Form } from "@remix-run/react";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { EARLY_FIELD, PROGRESS_INTENTS } from "~/lib/enquiry-progress";
import { FINISH_UNDO_MINUTES } from "~/lib/job";
import type { StaffProgress } from "~/server/web/job-view.server";

/**
 * The job's own steps (app/lib/job.ts), only the one the job is at: "Fahrzeug ist da" (a second
 * tap before the chosen day or without one), "Fertig" behind a fold that shows the customer's message before it
 * goes, "Zurücknehmen" for FINISH_UNDO_MINUTES, then "Abgeholt". Each is a plain form; the
 * folds are <details>, so the guard holds without JavaScript too.
 */
export function JobSteps({ progress, finishMessage }: { progress: StaffProgress; finishMessage: string | null }) {
  const { job, enquiryId } = progress;
  return (
    <section className="staff-section enquiry-steps job-steps" aria-labelledby="auftrag-title">
      <h2 id="auftrag-title">Auftrag: {progress.stepLabel}</h2>
      {job.reminder ? <p className="job-steps__reminder">{job.reminder}</p> : null}
      {job.arrivedAt ? <p className="enquiry-steps__done">Fahrzeug in der Werkstatt seit {job.arrivedAt} Uhr.</p> : null}
      {job.arrive && !job.arriveConfirm ? (
        <Form method="post" className="enquiry-steps__finish" preventScrollReset>
          <IntentFields intent={PROGRESS_INTENTS.arrived} id={enquiryId} />
          <SubmitButton intent={PROGRESS_INTENTS.arrived} id={enquiryId} pendingLabel="Wird vermerkt…">
            Fahrzeug ist da
          </SubmitButton>
        </Form>
      ) : null}
      {job.arrive && job.arriveConfirm ? (
        <details className="job-steps__confirm">
          <summary>{job.arriveConfirm.summary}</summary>
          <p>{job.arriveConfirm.text}</p>
          <Form method="post" preventScrollReset>
            <IntentFields intent={PROGRESS_INTENTS.arrived} id={enquiryId} />
            <input type="hidden" name={EARLY_FIELD} value="1" />
            <SubmitButton intent={PROGRESS_INTENTS.arrived} id={enquiryId} pendingLabel="Wird vermerkt…">
              Ja, Fahrzeug ist schon da
            </SubmitButton>
          </Form>
        </details>
      ) : null}
      {job.finish ? (
        <details className="job-steps__confirm job-steps__finish">
          <summary>Fahrzeug fertig – kann abgeholt werden</summary>
          {finishMessage ? (
            <>
              <p>Diese Nachricht bekommt die Kundin oder der Kunde {FINISH_UNDO_MINUTES} Minuten nach dem Melden:</p>
              <blockquote className="job-steps__message">{finishMessage}</blockquote>
            </>
          ) : null}
          <Form method="post" className="enquiry-steps__finish" preventScrollReset>
            <IntentFields intent={PROGRESS_INTENTS.finish} id={enquiryId} />
            <SubmitButton intent={PROGRESS_INTENTS.finish} id={enquiryId} pendingLabel="Wird gemeldet…">
              Jetzt fertig melden
            </SubmitButton>
          </Form>
        </details>
      ) : null}
      {progress.finishedAt ? <p className="enquiry-steps__done">Fahrzeug fertig gemeldet am {progress.finishedAt} Uhr.</p> : null}
      {job.undoUntil ? (
        <Form method="post" preventScrollReset>
          <IntentFields intent={PROGRESS_INTENTS.undoFinish} id={enquiryId} />
          <SubmitButton intent={PROGRESS_INTENTS.undoFinish} id={enquiryId} variant="secondary" pendingLabel="Wird zurückgenommen…">
            „Fertig“ zurücknehmen (bis {job.undoUntil} Uhr)
          </SubmitButton>
        </Form>
      ) : null}
      {job.collect ? (
        <Form method="post" className="enquiry-steps__finish" preventScrollReset>
          <IntentFields intent={PROGRESS_INTENTS.collected} id={enquiryId} />
          <SubmitButton intent={PROGRESS_INTENTS.collected} id={enquiryId} pendingLabel="Wird vermerkt…">
            Abgeholt – Auftrag abschließen
          </SubmitButton>
        </Form>
      ) : null}
      {job.collectedAt ? <p className="enquiry-steps__done">Abgeholt am {job.collectedAt} Uhr.</p> : null}
    </section>
  );
}

/** "Neue Antwort": what the customer answered since staff last acted, until someone marks it seen or takes the next step. */
export function NewAnswer({ progress }: { progress: StaffProgress }) {
  if (!progress.answeredAt) return null;
  return (
    <Form method="post" className="enquiry-notice job-steps__answer" preventScrollReset>
      <p>
        <strong>Neue Antwort der Kundin / des Kunden</strong> vom {progress.answeredAt} Uhr – Stand jetzt: {progress.stepLabel}.
      </p>
      <IntentFields intent={PROGRESS_INTENTS.seen} id={progress.enquiryId} />
      <SubmitButton intent={PROGRESS_INTENTS.seen} id={progress.enquiryId} variant="secondary" pendingLabel="Wird vermerkt…">
        Gesehen
      </SubmitButton>
    </Form>
  );
}
