import { asc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { addDays, isCalendarDay, workshopDate } from "~/lib/dates";
import type { Schedule } from "~/lib/open-status";
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHours,
  WEEKDAYS,
} from "~/lib/opening-hours";
import { notFound } from "~/server/base/errors.server";
import { type Database, placeholder, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { openingHours, specialHours } from "~/server/db/schema";
import { newId, type Paging, requiredText } from "~/server/base/validation.server";
import { OPENING_HOURS_MAX_LENGTH, SPECIAL_HOURS_TITLE_MAX_LENGTH } from "~/lib/limits";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, type TrashRules } from "./trash-rows.server";

const SINGLE_ROW_ID = 1;

export const openingHoursInput = z.object(
  Object.fromEntries(WEEKDAYS.map(({ key, label }) => [key, requiredText(label, OPENING_HOURS_MAX_LENGTH)])) as Record<
    keyof OpeningHours,
    ReturnType<typeof requiredText>
  >,
  { required_error: "Die Öffnungszeiten fehlen.", invalid_type_error: "Die Öffnungszeiten fehlen." },
);

const weekQuery = queryTemplate((db) => db.select().from(openingHours).where(eq(openingHours.id, SINGLE_ROW_ID)).limit(1));

function toWeek(row: typeof openingHours.$inferSelect | undefined): OpeningHours {
  if (!row) return DEFAULT_OPENING_HOURS;
  return Object.fromEntries(WEEKDAYS.map(({ key }) => [key, row[key]])) as OpeningHours;
}

export async function getOpeningHours(db: Database): Promise<OpeningHours> {
  return readOnce(db, prepareRead(weekQuery(db), ([row]) => toWeek(row)));
}

export async function saveOpeningHours(db: Database, actor: Actor, hours: OpeningHours): Promise<OpeningHours> {
  const now = new Date();
  const values = { ...hours, updatedAt: now };
  await db.batch([
    db
      .insert(openingHours)
      .values({ id: SINGLE_ROW_ID, ...values })
      .onConflictDoUpdate({ target: openingHours.id, set: values }),
    logStatement(db, actor, { action: "geändert", kind: "opening-hours", title: "Öffnungszeiten der Woche" }, { at: now }),
  ]);
  await db.contentChanged();
  return hours;
}

/* Sonderzeiten: days that differ from the week (Betriebsferien, Inventur, a longer Saturday). */

/** Longer than a year is a change of the week, not a special time. */
export const MAX_SPECIAL_DAYS = 366;
export const SPECIAL_HOURS_PAGE_SIZE = 50;
export const SPECIAL_HOURS_MAX_PAGE_SIZE = 100;
/** The answer of the API and the staff page alike when an id is unknown. */
export const SPECIAL_HOURS_NOT_FOUND = "Diese Sonderzeit gibt es nicht (mehr).";

function calendarDay(label: string) {
  return z
    .string({ required_error: `${label} fehlt.`, invalid_type_error: `${label} muss ein Datum (JJJJ-MM-TT) sein.` })
    .trim()
    .min(1, `${label} fehlt.`)
    .refine(isCalendarDay, {
      message: `${label} muss ein Datum (JJJJ-MM-TT) sein.`,
    });
}

export const specialHoursInput = z
  .object({
    title: requiredText("Anlass", SPECIAL_HOURS_TITLE_MAX_LENGTH),
    hours: requiredText("Zeiten", OPENING_HOURS_MAX_LENGTH),
    fromDate: calendarDay("Von"),
    toDate: calendarDay("Bis"),
  })
  .refine(({ fromDate, toDate }) => toDate >= fromDate, { message: "Bis darf nicht vor Von liegen.", path: ["toDate"] })
  .refine(({ fromDate, toDate }) => toDate <= addDays(fromDate, MAX_SPECIAL_DAYS - 1), {
    message: `Eine Sonderzeit umfasst höchstens ${MAX_SPECIAL_DAYS} Tage.`,
    path: ["toDate"],
  });
export type SpecialHoursInput = z.infer<typeof specialHoursInput>;

export interface SpecialHours {
  id: string;
  /** The workshop's client style: `_id` beside `id`, as news and alerts have. */
  _id: string;
  title: string;
  hours: string;
  fromDate: string;
  toDate: string;
}

function toSpecialHours(row: typeof specialHours.$inferSelect): SpecialHours {
  const { id, title, hours, fromDate, toDate } = row;
  return { id, _id: id, title, hours, fromDate, toDate };
}

/** Current and future entries, earliest first; past ones drop out by themselves (Berlin's today). */
const currentSpecialHoursTemplate = queryTemplate((db) =>
  db
    .select()
    .from(specialHours)
    .where(gte(specialHours.toDate, placeholder("today")))
    .orderBy(asc(specialHours.fromDate), asc(specialHours.toDate), asc(specialHours.createdAt), asc(specialHours.id))
    .limit(placeholder("limit"))
    .offset(placeholder("startAt")),
);

const currentSpecialHoursQuery = (db: Database, { startAt, limit }: Paging, now: Date) =>
  currentSpecialHoursTemplate(db, { today: workshopDate(now), limit, startAt });

export async function listSpecialHours(
  db: Database,
  paging: Paging = { startAt: 0, limit: SPECIAL_HOURS_MAX_PAGE_SIZE },
  now = new Date(),
): Promise<SpecialHours[]> {
  return readOnce(db, prepareRead(currentSpecialHoursQuery(db, paging, now), (rows) => rows.map(toSpecialHours)));
}

export async function getSpecialHours(db: Database, id: string): Promise<SpecialHours | null> {
  const row = await db.select().from(specialHours).where(eq(specialHours.id, id)).get();
  return row ? toSpecialHours(row) : null;
}

export async function createSpecialHours(db: Database, actor: Actor, input: SpecialHoursInput): Promise<SpecialHours> {
  const id = newId();
  const now = new Date();
  const [[row]] = await db.batch([
    db.insert(specialHours).values({ id, ...input, createdAt: now }).returning(),
    logStatement(db, actor, { action: "angelegt", kind: "special-hours", itemId: id, title: input.title }, { at: now }),
  ]);
  await db.contentChanged();
  return toSpecialHours(row);
}

export async function updateSpecialHours(db: Database, actor: Actor, id: string, input: SpecialHoursInput): Promise<SpecialHours> {
  const [[row]] = await db.batch([
    db.update(specialHours).set(input).where(eq(specialHours.id, id)).returning(),
    logStatement(db, actor, { action: "geändert", kind: "special-hours", itemId: id, title: input.title }, {
      when: rowExists(specialHours, eq(specialHours.id, id)),
    }),
  ]);
  if (!row) throw notFound(SPECIAL_HOURS_NOT_FOUND);
  await db.contentChanged();
  return toSpecialHours(row);
}

/** Into the Papierkorb (decision 016), restored by `SPECIAL_HOURS_TRASH`. */
export async function deleteSpecialHours(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await getSpecialHours(db, id);
  if (!row) throw notFound(SPECIAL_HOURS_NOT_FOUND);
  const own = eq(specialHours.id, id);
  await moveToTrash(
    db,
    actor,
    { kind: "special-hours", id, title: row.title, rows: [{ table: specialHours, where: own }], notFound: SPECIAL_HOURS_NOT_FOUND },
    [db.delete(specialHours).where(own).returning({ id: specialHours.id })],
  );
  await db.contentChanged();
}

export const SPECIAL_HOURS_TRASH: TrashRules = {
  restore: (db, entryId) => [restoreRows(db, specialHours, entryId)],
  onPages: true,
};

/** Everything the open-now line, the footer and the structured data read: the week and the current special entries. */
export function scheduleRead(db: Database, now = new Date()): Read<Schedule> {
  return prepareRead(
    [weekQuery(db), currentSpecialHoursQuery(db, { startAt: 0, limit: SPECIAL_HOURS_MAX_PAGE_SIZE }, now)],
    ([week], special) => ({ week: toWeek(week), special: special.map(toSpecialHours) }),
  );
}
