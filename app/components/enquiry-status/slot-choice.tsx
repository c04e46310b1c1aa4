import { DayPicker, TZDate } from "react-day-picker";
import { de } from "react-day-picker/locale";
import { FieldError } from "~/components/staff/field";
import { WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";

export interface ShownProposal {
  id: string;
  /** "Dienstag, 01.12.2026, 09:00 Uhr" */
  label: string;
  /** `YYYY-MM-DD` in Berlin */
  day: string;
}

/** A calendar day at noon in Berlin, so the grid and its marks are Berlin's wherever the phone is. */
function dayDate(day: string): TZDate {
  const [year, month, date] = day.split("-").map(Number);
  return new TZDate(year, month - 1, date, 12, 0, WORKSHOP_TIME_ZONE);
}

/**
 * The proposed drop-off dates to choose from: the month(s) with the proposed days marked, to see
 * them among the weeks at a glance, and the list of choices that is sent. The page is a document
 * (decision 018): the calendar is rendered once on the server, a picture of the same choices, and
 * left out of the accessibility tree, where the list says it all.
 */
export function SlotChoice({ proposals, error, chosen }: { proposals: ShownProposal[]; error?: string; chosen?: string }) {
  const days = [...new Set(proposals.map((proposal) => proposal.day))];
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  return (
    <form method="post" className="slot-choice">
      <input type="hidden" name={STATUS_FORM.intent} value={STATUS_INTENTS.choose} />
      <div className="slot-choice__calendar" aria-hidden="true">
        <DayPicker
          locale={de}
          weekStartsOn={1}
          timeZone={WORKSHOP_TIME_ZONE}
          defaultMonth={dayDate(`${months[0]}-01`)}
          numberOfMonths={months.length}
          hideNavigation
          disableNavigation
          modifiers={{ vorgeschlagen: days.map(dayDate) }}
          modifiersClassNames={{ vorgeschlagen: "slot-choice__proposed" }}
        />
      </div>
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
