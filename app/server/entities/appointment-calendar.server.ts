import { formatInTimeZone } from "date-fns-tz";
import { WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { DROP_OFF_MINUTES } from "~/lib/enquiry-progress";
import type { WorkshopContact } from "./workshop-contact.server";

/*
 * The chosen drop-off date as a calendar file (RFC 5545), for the status page's "In den Kalender":
 * one VEVENT in the workshop's zone (with its VTIMEZONE, so every calendar places it right across
 * a change of summer time), a UID that stays the same however often it is downloaded (a second
 * import updates the entry instead of doubling it), the workshop's address as LOCATION and a
 * reminder the day before.
 */

/** Europe/Berlin since 1996: summer time from the last Sunday of March to the last Sunday of October. */
const BERLIN = [
  "BEGIN:VTIMEZONE",
  `TZID:${WORKSHOP_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT values escape backslash, semicolon, comma and line breaks. */
const text = (value: string) => value.replace(/[\\;,]/g, "\\$&").replace(/\r?\n/g, "\\n");

const encoder = new TextEncoder();

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (const character of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + character).length > limit) {
      parts.push(current);
      current = "";
    }
    current += character;
  }
  parts.push(current);
  return parts.map((part, index) => (index === 0 ? part : ` ${part}`));
}

const localTime = (instant: Date) => formatInTimeZone(instant, WORKSHOP_TIME_ZONE, "yyyyMMdd'T'HHmmss");
const utcTime = (instant: Date) => formatInTimeZone(instant, "UTC", "yyyyMMdd'T'HHmmss'Z'");

export interface CalendarAppointment {
  /** The chosen proposal's id: the same entry however often the file is downloaded. */
  slotId: string;
  startsAt: Date;
  /** When the customer chose it. */
  confirmedAt: Date;
  reference: string;
}

/** The calendar file's text, CRLF-separated as RFC 5545 wants it. */
export function appointmentCalendar({ slotId, startsAt, confirmedAt, reference }: CalendarAppointment, contact: WorkshopContact): string {
  const endsAt = new Date(startsAt.getTime() + DROP_OFF_MINUTES * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${text(contact.name)}//Termin//DE`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...BERLIN,
    "BEGIN:VEVENT",
    `UID:termin-${slotId}@${new URL(contact.website).hostname}`,
    `DTSTAMP:${utcTime(confirmedAt)}`,
    `DTSTART;TZID=${WORKSHOP_TIME_ZONE}:${localTime(startsAt)}`,
    `DTEND;TZID=${WORKSHOP_TIME_ZONE}:${localTime(endsAt)}`,
    `SUMMARY:${text(`Fahrzeug bringen – ${contact.name}`)}`,
    `LOCATION:${text(`${contact.name}, ${contact.address}`)}`,
    `DESCRIPTION:${text(`Anfrage ${reference}. Fragen? Telefon ${contact.phone}.`)}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-P1D",
    `DESCRIPTION:${text(`Morgen Fahrzeug bringen – ${contact.name} (${reference})`)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.flatMap(fold).join("\r\n")}\r\n`;
}
