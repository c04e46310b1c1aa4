import { Form, useActionData } from "@remix-run/react";
import { DateTimeField, type QuickDay } from "~/components/staff/date-time-field";
import { FormError } from "~/components/staff/field";
import { IntentFields, SubmitButton } from "~/components/staff/submit-button";
import { MAX_PROPOSALS, PROGRESS_INTENTS, SLOT_FIELDS } from "~/lib/enquiry-progress";
import { failureFor } from "~/lib/staff-forms";
import type { StaffProgress } from "~/server/web/job-view.server";
import { StepEditor } from "./step-editor";

/**
 * "Termine vorschlagen": up to three drop-off dates inside the opening hours (the server refuses
 * others with the reason), each a calendar with JavaScript and a plain date-time field without.
 * Above, what the customer answered: the chosen date, or "Keiner passt".
 */
export function SlotProposals({ progress, quickDays }: { progress: StaffProgress; quickDays: QuickDay[] }) {
  const failure = failureFor(useActionData(), PROGRESS_INTENTS.propose, progress.enquiryId);
  const { appointment } = progress;
  return (
    <section className="staff-section enquiry-steps" aria-labelledby="termine-title">
      <h2 id="termine-title">Termin zum Bringen</h2>
      {appointment?.chosen ? (
        <p className="enquiry-steps__chosen">
          Gewählt: <strong>{appointment.chosen}</strong> (am {appointment.confirmedAt} Uhr)
        </p>
      ) : appointment?.declinedAt ? (
        <p className="enquiry-notice">Keiner der Vorschläge passt (Antwort vom {appointment.declinedAt} Uhr). Bitte neue Termine vorschlagen.</p>
      ) : appointment && appointment.proposals.length > 0 ? (
        <>
          <p>Vorgeschlagen, die Kundin oder der Kunde hat noch nicht gewählt:</p>
          <ul className="enquiry-steps__proposals">
            {appointment.proposals.map((proposal) => (
              <li key={proposal.id}>{proposal.label}</li>
            ))}
          </ul>
        </>
      ) : null}
      {progress.canPropose ? (
        <StepEditor summary={appointment ? "Andere Termine vorschlagen" : "Termine vorschlagen"} open={!appointment || !!failure}>
          <Form method="post" className="staff-form" preventScrollReset>
            <IntentFields intent={PROGRESS_INTENTS.propose} id={progress.enquiryId} />
            <h3>{appointment ? "Neue Termine vorschlagen" : "Termine vorschlagen"}</h3>
            <p className="staff-field__hint">
              Ein bis {MAX_PROPOSALS} Termine innerhalb der Öffnungszeiten. {appointment ? "Neue Vorschläge ersetzen die bisherigen (auch einen gewählten)." : ""}
            </p>
            {failure ? <FormError>{failure.message}</FormError> : null}
            {SLOT_FIELDS.map((name, index) => (
              <DateTimeField
                key={name}
                name={name}
                label={`Termin ${index + 1}${index === 0 ? "" : " (freiwillig)"}`}
                defaultValue={failure?.values[name] ?? progress.slotValues[index]}
                error={failure?.fieldErrors[name]}
                dayTime="09:00"
                optional={index > 0}
              quickDays={quickDays}
              />
            ))}
            <div className="staff-form__buttons">
              <SubmitButton intent={PROGRESS_INTENTS.propose} id={progress.enquiryId} pendingLabel="Senden…">
                Termine vorschlagen
              </SubmitButton>
            </div>
          </Form>
        </StepEditor>
      ) : null}
    </section>
  );
}
