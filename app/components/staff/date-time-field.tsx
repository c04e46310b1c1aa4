import { useId, useState } from "react";
import { DayPicker, TZDate } from "react-day-picker";
import { de } from "react-day-picker/locale";
import { addDays, formatDateTime, parseDateTime, toLocalInputValue, workshopDate, WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { useHydrated } from "~/components/use-hydrated";
import { Field, FieldError } from "./field";

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/;

/** Splits "yyyy-MM-ddTHH:mm" into its day and time without ever reading it in the browser's zone. */
function splitWallClock(value: string): { day: string; time: string } {
  const match = WALL_CLOCK.exec(value);
  if (!match) return { day: "", time: "" };
  return { day: `${match[1]}-${match[2]}-${match[3]}`, time: match[4] };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The picked calendar day as a date in the workshop's zone, so "today" and the grid are Berlin's. */
function dayToDate(day: string): TZDate | undefined {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return undefined;
  return new TZDate(year, month - 1, date, 12, 0, WORKSHOP_TIME_ZONE);
}

/** The instant a wall-clock value means in Berlin, in the site's format ("dd.MM.yyyy - HH:mm"). */
export function describeWallClock(value: string): string | null {
  const instant = parseDateTime(value);
  return instant ? formatDateTime(instant) : null;
}

/**
 * The time a day gets when it is chosen before any time is set: a start begins now,
 * an end lasts to the end of that day, an appointment starts at a given time ("09:00").
 * Any of them can be changed afterwards.
 */
export type DayTime = "now" | "end-of-day" | `${number}:${number}`;
const timeForDay = (dayTime: DayTime) =>
  dayTime === "now" ? toLocalInputValue(new Date()).slice(11, 16) : dayTime === "end-of-day" ? "23:59" : dayTime;

interface DateTimeFieldProps {
  name: string;
  label: string;
  /** Berlin wall-clock time, "yyyy-MM-ddTHH:mm" (see `toLocalInputValue`). */
  defaultValue?: string;
  error?: string;
  autoFocus?: boolean;
  dayTime?: DayTime;
  /** May stay empty (a second or third proposal). */
  optional?: boolean;
  /** Every change of the submitted value, for a summary beside the fields. */
  onChange?: (value: string) => void;
  /** Quick choices of whole days and times instead of Heute · Morgen · In einer Woche (the next open days for a drop-off). */
  quickDays?: QuickDay[];
}

/** A quick choice that sets day and time (`YYYY-MM-DD`, `HH:mm`, Berlin). */
export interface QuickDay {
  label: string;
  day: string;
  time: string;
}

/** The quick day choices: a tap sets the day (Berlin's), the time stays. */
const QUICK_DAYS = [
  { label: "Heute", days: 0 },
  { label: "Morgen", days: 1 },
  { label: "In einer Woche", days: 7 },
] as const;

/**
 * Date and time in Europe/Berlin wall-clock time, submitted as one "yyyy-MM-ddTHH:mm"
 * field that the server reads with `parseDateTime` (an ISO date-time without offset). Without
 * JavaScript it is a plain datetime-local input. Once hydrated, the same named input stays the
 * compact field on a phone (the phone's own date and time wheels), with quick day choices above
 * it; from 600 px an inline German calendar and a 24-hour time field (one-minute grid, whatever
 * the browser's language) take its place (staff.css), as SPEC §2 describes. Choosing a day applies
 * it at once, so two taps on two days are enough for start and end.
 */
export function DateTimeField({ autoFocus, optional = false, ...props }: DateTimeFieldProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Field
        label={props.label}
        name={props.name}
        type="datetime-local"
        step={60}
        required={!optional}
        defaultValue={props.defaultValue}
        error={props.error}
        autoFocus={autoFocus}
      />
    );
  }
  return <DateTimePicker {...props} />;
}

function DateTimePicker({ name, label, defaultValue = "", error, dayTime = "now", onChange, quickDays }: Omit<DateTimeFieldProps, "autoFocus">) {
  const id = useId();
  const initial = splitWallClock(defaultValue);
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time);
  const [month, setMonth] = useState<Date | undefined>(() => dayToDate(initial.day));
  const value = day && time ? `${day}T${time}` : "";
  const shown = value ? describeWallClock(value) : null;

  const change = (nextDay: string, nextTime: string) => {
    // A day chosen by a quick choice or the compact field brings the calendar to its month.
    if (nextDay && nextDay !== day) setMonth(dayToDate(nextDay));
    setDay(nextDay);
    setTime(nextTime);
    onChange?.(nextDay && nextTime ? `${nextDay}T${nextTime}` : "");
  };

  const valueId = `${id}-wert`;
  const errorId = `${id}-fehler`;
  const timeId = `${id}-uhrzeit`;
  const compactId = `${id}-kompakt`;
  const chooseDay = (nextDay: string) => change(nextDay, time || timeForDay(dayTime));

  return (
    <fieldset
      className={`staff-field staff-datetime${error ? " staff-field--invalid" : ""}`}
      aria-describedby={error ? `${valueId} ${errorId}` : valueId}
    >
      <legend className="staff-field__label">{label}</legend>
      <p id={valueId} className="staff-datetime__value" aria-live="polite">
        {shown ?? "Noch nicht gewählt"}
      </p>
      <div className="staff-datetime__quick">
        {quickDays
          ? quickDays.map((quick) => (
              <button key={quick.day} type="button" className="button button--secondary staff-datetime__day" onClick={() => change(quick.day, quick.time)}>
                {quick.label}
              </button>
            ))
          : QUICK_DAYS.map(({ label: dayLabel, days }) => (
              <button key={dayLabel} type="button" className="button button--secondary staff-datetime__day" onClick={() => chooseDay(addDays(workshopDate(new Date()), days))}>
                {dayLabel}
              </button>
            ))}
      </div>
      {/* The submitted field; on a phone the control itself, from 600 px the calendar and time below stand for it. */}
      <div className="staff-datetime__compact">
        <label htmlFor={compactId} className="staff-field__label">
          Tag und Uhrzeit
        </label>
        <input
          id={compactId}
          type="datetime-local"
          name={name}
          step={60}
          value={value}
          onChange={(event) => {
            const next = splitWallClock(event.target.value);
            change(next.day, next.time);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <DayPicker
        mode="single"
        required
        locale={de}
        weekStartsOn={1}
        timeZone={WORKSHOP_TIME_ZONE}
        selected={dayToDate(day)}
        month={month}
        onMonthChange={setMonth}
        onSelect={(date) => {
          if (date) chooseDay(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
        }}
      />
      <div className="staff-datetime__time">
        <label htmlFor={timeId} className="staff-field__label">
          Uhrzeit
        </label>
        <input
          id={timeId}
          type="time"
          step={60}
          required={Boolean(day)}
          value={time}
          onChange={(event) => change(day, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
