/** Shared by the footer, the contact page and the staff form. */
export const WEEKDAYS = [
  { key: "monday", label: "Montag" },
  { key: "tuesday", label: "Dienstag" },
  { key: "wednesday", label: "Mittwoch" },
  { key: "thursday", label: "Donnerstag" },
  { key: "friday", label: "Freitag" },
  { key: "saturday", label: "Samstag" },
  { key: "sunday", label: "Sonntag" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["key"];
export type OpeningHours = Record<Weekday, string>;

const WORKDAY = "08:00 - 12:00Uhr & 13:00 - 17:00Uhr";

/** What visitors see until staff first save opening hours (SPEC §9). */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: "nach Vereinbarung",
  sunday: "Geschlossen",
};
