import { FieldError } from "~/components/staff/field";
import { STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";

export interface ShownProposal {
  id: string;
  /** "Mi., 2. Dez., 14:00 Uhr" */
  label: string;
}

/**
 * The proposed drop-off dates to choose from: at most three, each a large card that is one tap
 * target (the whole label), and the button that sends the choice. No month grid: three dates read
 * faster as a list than as marks among four weeks, and the list is what a screen reader says.
 */
export function SlotChoice({ proposals, error, chosen }: { proposals: ShownProposal[]; error?: string; chosen?: string }) {
  return (
    <form method="post" className="slot-choice">
      <input type="hidden" name={STATUS_FORM.intent} value={STATUS_INTENTS.choose} />
      <fieldset className="slot-choice__list" aria-describedby={error ? "termin-fehler" : undefined}>
        <legend>Vorgeschlagene Termine</legend>
        {proposals.map((proposal) => (
          <label key={proposal.id} className="slot-choice__option">
            <input
              type="radio"
              name={STATUS_FORM.slot}
              value={proposal.id}
              required
              defaultChecked={chosen === proposal.id}
              aria-invalid={error ? true : undefined}
            />
            <span>{proposal.label}</span>
          </label>
        ))}
        <FieldError id="termin-fehler">{error}</FieldError>
      </fieldset>
      <p>
        <button type="submit" className="button">
          Diesen Termin wählen
        </button>
      </p>
    </form>
  );
}
