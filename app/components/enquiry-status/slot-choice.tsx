import { Form } from "@remix-run/react";
import { useState } from "react";
import { DayPicker, TZDate } from "react-day-picker";
import { de } from "react-day-picker/locale";
import { FieldError } from "~/components/staff/field";
import { useHydrated } from "~/components/use-hydrated";
import { WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { STATUS_FORM, STATUS_INTENTS } from "~/lib/enquiry-progress";

export interface ShownProposal {
  id: string;
  /** "Dienstag, 14.07.2026, 09:00 Uhr" */
  label: string;
  /** `YYYY-MM-DD` in Berlin */
  day: string;
}

/** A calendar day at noon in Berlin, so the grid and its marks are Berlin's wherever the phone is. */
function dayDate(day: string): TZDate {
  const [year, month, date] = day.split("-").map(Number);
  return new TZDate(year, month - 1, date, 12, 0, WORKSHOP_TIME_ZONE);
}

const sameDay = (a: Date, day: string) => {
  const b = dayDate(day);
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
};

/**
 * The proposed drop-off dates to choose from: a list of choices (the form, with and without
 * JavaScript) beside a calendar with the proposed days marked. Without JavaScript the calendar
 * only shows; with it, tapping a marked day chooses that day's time in the list.
 */
export function SlotChoice({ proposals, error, chosen: chosenBefore }: { proposals: ShownProposal[]; error?: string; chosen?: string }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | undefined>(chosenBefore);
  const days = [...new Set(proposals.map((proposal) => proposal.day))];
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  const chosenDay = proposals.find((proposal) => proposal.id === chosen)?.day;
  // The same grid before and after hydration (no shift); only with JavaScript are its days buttons.
  const calendar = {
    locale: de,
    weekStartsOn: 1 as const,
    timeZone: WORKSHOP_TIME_ZONE,
    defaultMonth: dayDate(`${months[0]}-01`),
    numberOfMonths: months.length,
    hideNavigation: true,
    disableNavigation: true,
    modifiers: { vorgeschlagen: days.map(dayDate) },
    modifiersClassNames: { vorgeschlagen: "slot-choice__proposed" },
  };
  return (
    <Form method="post" className="slot-choice" preventScrollReset>
      <input type="hidden" name={STATUS_FORM.intent} value={STATUS_INTENTS.choose} />
      <div className="slot-choice__calendar" aria-hidden={hydrated ? undefined : true}>
        {hydrated ? (
          <DayPicker
            {...calendar}
            mode="single"
            selected={chosenDay ? dayDate(chosenDay) : undefined}
            disabled={(date: Date) => !days.some((day) => sameDay(date, day))}
            onSelect={(date) => {
              const day = date && days.find((candidate) => sameDay(date, candidate));
              if (day) setChosen(proposals.find((proposal) => proposal.day === day)?.id);
            }}
          />
        ) : (
          <DayPicker {...calendar} />
        )}
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
              checked={chosen === proposal.id}
              onChange={() => setChosen(proposal.id)}
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
    </Form>
  );
}
