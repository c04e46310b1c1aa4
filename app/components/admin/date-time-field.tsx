import { useId, useState } from "react";
import { DayPicker, TZDate } from "react-day-picker";
import { de } from "react-day-picker/locale";
import { formatDateTime, fromLocalInputValue, WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { Field, FieldError } from "./field";

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** Splits "yyyy-MM-ddTHH:mm" into its day and time without ever reading it in the browser's zone. */
function splitWallClock(value: string): { day: string; time: string } {
  const match = WALL_CLOCK.exec(value);
  if (!match) return { day: "", time: "" };
  return { day: `${match[1]}-${match[2]}-${match[3]}`, time: `${match[4]}:${match[5]}` };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The picked calendar day as a date in the workshop's zone, so "today" and the grid are Berlin's. */
function dayToDate(day: string): TZDate | undefined {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return undefined;
  return new TZDate(year, month - 1, date, 12, 0, WORKSHOP_TIME_ZONE);
}

/** The instant a wall-clock value means in Berlin, in the site's format ("dd.MM.yyyy - HH:mm"). */
function describe(value: string): string | null {
  const instant = fromLocalInputValue(value);
  return instant ? formatDateTime(instant) : null;
}

/**
 * Date and time in Europe/Berlin wall-clock time, submitted as one "yyyy-MM-ddTHH:mm"
 * field that the server reads with `fromLocalInputValue`. Without JavaScript it is a
 * plain datetime-local input; once hydrated an inline German calendar and a time
 * field on a one-minute grid replace it, applying every change at once.
 */
export function DateTimeField({
  name,
  label,
  defaultValue = "",
  error,
  autoFocus,
}: {
  name: string;
  label: string;
  /** Berlin wall-clock time, "yyyy-MM-ddTHH:mm" (see `toLocalInputValue`). */
  defaultValue?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Field
        label={label}
        name={name}
        type="datetime-local"
        step={60}
        required
        defaultValue={defaultValue}
        error={error}
        autoFocus={autoFocus}
      />
    );
  }
  return <DateTimePicker name={name} label={label} defaultValue={defaultValue} error={error} />;
}

function DateTimePicker({
  name,
  label,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
}) {
  const id = useId();
  const initial = splitWallClock(defaultValue);
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time);
  const [month, setMonth] = useState<Date | undefined>(() => dayToDate(initial.day));
  const value = day && time ? `${day}T${time}` : "";
  const shown = value ? describe(value) : null;
  const selected = dayToDate(day);

  const valueId = `${id}-wert`;
  const errorId = `${id}-fehler`;
  const timeId = `${id}-uhrzeit`;

  return (
    <fieldset
      className={`admin-field admin-datetime${error ? " admin-field--invalid" : ""}`}
      aria-describedby={error ? `${valueId} ${errorId}` : valueId}
    >
      <legend className="admin-field__label">{label}</legend>
      <p id={valueId} className="admin-datetime__value" aria-live="polite">
        {shown ?? "Noch nicht gewählt"}
      </p>
      <DayPicker
        mode="single"
        required
        locale={de}
        weekStartsOn={1}
        timeZone={WORKSHOP_TIME_ZONE}
        selected={selected}
        month={month}
        onMonthChange={setMonth}
        onSelect={(date) => {
          if (date) setDay(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
        }}
      />
      <div className="admin-datetime__time">
        <label htmlFor={timeId} className="admin-field__label">
          Uhrzeit ({label})
        </label>
        <input
          id={timeId}
          type="time"
          step={60}
          required
          className="admin-field__input"
          value={time}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTime(event.target.value.slice(0, 5))}
        />
      </div>
      <input type="hidden" name={name} value={value} />
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
