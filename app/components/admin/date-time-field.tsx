import { useId, useState } from "react";
import { DayPicker, TZDate } from "react-day-picker";
import { de } from "react-day-picker/locale";
import { formatDateTime, parseDateTime, WORKSHOP_TIME_ZONE } from "~/lib/dates";
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
  const instant = parseDateTime(value);
  return instant ? formatDateTime(instant) : null;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => pad(hour));
const MINUTES = Array.from({ length: 60 }, (_, minute) => pad(minute));

/**
 * Date and time in Europe/Berlin wall-clock time, submitted as one "yyyy-MM-ddTHH:mm"
 * field that the server reads with `parseDateTime` (an ISO date-time without offset). Without JavaScript it is a
 * plain datetime-local input; once hydrated an inline German calendar with hour and
 * minute choices (24 hours, one-minute grid, whatever the browser's language) replaces
 * it, applying every change at once.
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
  const [hour, setHour] = useState(initial.time.slice(0, 2));
  const [minute, setMinute] = useState(initial.time.slice(3, 5));
  const [month, setMonth] = useState<Date | undefined>(() => dayToDate(initial.day));
  const value = day && hour && minute ? `${day}T${hour}:${minute}` : "";
  const shown = value ? describe(value) : null;
  const selected = dayToDate(day);

  const valueId = `${id}-wert`;
  const errorId = `${id}-fehler`;
  const hourId = `${id}-stunde`;
  const minuteId = `${id}-minute`;
  const invalid = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };

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
        <div className="admin-field">
          <label htmlFor={hourId} className="admin-field__label">
            Stunde
          </label>
          <select id={hourId} required value={hour} onChange={(event) => setHour(event.target.value)} {...invalid}>
            <option value="">--</option>
            {HOURS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
        <span aria-hidden="true" className="admin-datetime__colon">
          :
        </span>
        <div className="admin-field">
          <label htmlFor={minuteId} className="admin-field__label">
            Minute
          </label>
          <select id={minuteId} required value={minute} onChange={(event) => setMinute(event.target.value)} {...invalid}>
            <option value="">--</option>
            {MINUTES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
      </div>
      <input type="hidden" name={name} value={value} />
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
