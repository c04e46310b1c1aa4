import { formatInTimeZone } from "date-fns-tz";
import { WORKSHOP_TIME_ZONE } from "~/lib/dates";
import { DROP_OFF_MINUTES } from "~/lib/enquiry-progress";
import type { WorkshopContact } from "../workshop-contact.server";

/*
 * The chosen drop-off date as a calendar file (RFC 5545), for the status page's "In den Kalender":
 * one VEVENT in the workshop's zone (with its VTIMEZONE, so every calendar places it right across
 * a change of summer time), one UID per enquiry whose SEQUENCE rises with each new choice or
 * withdrawal (a second import updates the entry, a withdrawn date arrives as STATUS:CANCELLED),
 * the workshop as ORGANIZER and its address as LOCATION, the directions and the status link in
 * the description, and a reminder the day before.
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

/**
 * One enquiry's drop-off date as every version of it so far: each choice of a proposal and each
 * withdrawal of a chosen one is a revision, so a calendar that imported an earlier file replaces
 * its entry (same UID, higher SEQUENCE) instead of keeping the old date beside the new one.
 */
export interface CalendarAppointment {
  enquiryId: string;
  reference: string;
  /** The date as it stands now; `cancelled` when the chosen date was withdrawn and none chosen since. */
  startsAt: Date;
  cancelled: boolean;
  /** Revisions before this one: 0 for the first choice. */
  sequence: number;
  /** The first choice, and the latest revision. */
  createdAt: Date;
  revisedAt: Date;
  /** The status page, so the entry leads back to it. */
  statusLink: string;
}

/** The calendar file's text, CRLF-separated as RFC 5545 wants it. */
export function appointmentCalendar(appointment: CalendarAppointment, contact: WorkshopContact): string {
  const { enquiryId, reference, startsAt, cancelled, sequence, createdAt, revisedAt, statusLink } = appointment;
  const endsAt = new Date(startsAt.getTime() + DROP_OFF_MINUTES * 60_000);
  const description = [
    `Anfrage ${reference}.`,
    ...(contact.directions ? [`Anfahrt: ${contact.directions}`] : []),
    `Fragen? Telefon ${contact.phone}.`,
    `Ihre Seite zur Anfrage: ${statusLink}`,
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${text(contact.name)}//Termin//DE`,
    "CALSCALE:GREGORIAN",
    // PUBLISH (RFC 5546 §3.2.1) needs an ORGANIZER: the workshop, whom the customer can answer.
    "METHOD:PUBLISH",
    ...BERLIN,
    "BEGIN:VEVENT",
    `UID:termin-${enquiryId}@${new URL(contact.website).hostname}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utcTime(revisedAt)}`,
    `CREATED:${utcTime(createdAt)}`,
    `LAST-MODIFIED:${utcTime(revisedAt)}`,
    `ORGANIZER;CN="${contact.name.replace(/"/g, "'")}":mailto:${contact.email}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `DTSTART;TZID=${WORKSHOP_TIME_ZONE}:${localTime(startsAt)}`,
    `DTEND;TZID=${WORKSHOP_TIME_ZONE}:${localTime(endsAt)}`,
    `SUMMARY:${text(`${cancelled ? "Abgesagt: " : ""}Fahrzeug bringen – ${contact.name}`)}`,
    `LOCATION:${text(`${contact.name}, ${contact.address}`)}`,
    `DESCRIPTION:${text(description)}`,
    ...(cancelled
      ? []
      : [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          "TRIGGER:-P1D",
          `DESCRIPTION:${text(`Morgen Fahrzeug bringen – ${contact.name} (${reference})`)}`,
          "END:VALARM",
        ]),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.flatMap(fold).join("\r\n")}\r\n`;
}
