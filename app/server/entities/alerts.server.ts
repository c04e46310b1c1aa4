import { asc, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { parseDateTime } from "~/lib/dates";
import { notFound } from "~/server/base/errors.server";
import { type Database, placeholderFor, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { alerts } from "~/server/db/schema";
import { newId, requiredText } from "~/server/base/validation.server";
import { TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, type TrashRules } from "./trash-rows.server";

/** The answer of the API and the staff page alike when an id is unknown. */
export const ALERT_NOT_FOUND = "Diese Information gibt es nicht (mehr).";

/** An ISO 8601 date-time in the years 2000–2100; without offset it is Berlin wall-clock time (lib/dates). */
const instant = (label: string) =>
  z
    .string({
      required_error: `${label} fehlt.`,
      invalid_type_error: `${label} ist kein gültiges Datum.`,
    })
    .transform((value, ctx) => {
      const date = parseDateTime(value.trim());
      if (!date) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} ist kein gültiges Datum.` });
        return z.NEVER;
      }
      return date;
    });

export const alertInput = z
  .object({
    title: requiredText("Titel", TITLE_MAX_LENGTH),
    text: requiredText("Inhalt", TEXT_MAX_LENGTH),
    fromDate: instant("Start Datum"),
    toDate: instant("End Datum"),
  })
  // zod runs this check even when a date itself was invalid, so it compares only two real dates.
  .refine(({ fromDate, toDate }) => !(fromDate instanceof Date && toDate instanceof Date) || toDate > fromDate, {
    message: "Das End Datum muss nach dem Start Datum liegen.",
    path: ["toDate"],
  });
export type ValidAlert = z.output<typeof alertInput>;

export interface Alert {
  id: string;
  _id: string;
  title: string;
  text: string;
  fromDate: string;
  toDate: string;
}

export type AlertStatus = "aktiv" | "geplant" | "abgelaufen";

/** Only rows written outside the app can hold a date JavaScript cannot represent; they must not break a page. */
function storedIso(date: Date): string {
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

function toAlert(row: typeof alerts.$inferSelect): Alert {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    text: row.text,
    fromDate: storedIso(row.fromDate),
    toDate: storedIso(row.toDate),
  };
}

/** An alert shows from its start (inclusive) until its end (exclusive). */
export function alertStatus(alert: Pick<Alert, "fromDate" | "toDate">, now = new Date()): AlertStatus {
  if (now < new Date(alert.fromDate)) return "geplant";
  if (now >= new Date(alert.toDate)) return "abgelaufen";
  return "aktiv";
}

const unexpiredAlertsQuery = queryTemplate((db) =>
  db
    .select()
    .from(alerts)
    .where(gt(alerts.toDate, placeholderFor(alerts.toDate, "now")))
    .orderBy(asc(alerts.fromDate), asc(alerts.id)),
);

/**
 * What visitors see now, and the next moment that changes by the clock alone (an alert starting
 * or ending), so a cached page can expire then: one query for both.
 */
export function visibleAlertsRead(db: Database, now = new Date()): Read<{ active: Alert[]; changesAt: Date | null }> {
  return prepareRead(unexpiredAlertsQuery(db, { now }), (rows) => {
    const active = rows.filter((row) => row.fromDate <= now);
    const changes = rows.map((row) => (row.fromDate > now ? row.fromDate : row.toDate).getTime());
    return { active: active.map(toAlert), changesAt: changes.length > 0 ? new Date(Math.min(...changes)) : null };
  });
}

export async function listActiveAlerts(db: Database, now = new Date()): Promise<Alert[]> {
  return (await readOnce(db, visibleAlertsRead(db, now))).active;
}

/** For staff: every alert, scheduled and expired included, latest start first. */
export async function listAllAlerts(db: Database): Promise<Alert[]> {
  const rows = await db.select().from(alerts).orderBy(desc(alerts.fromDate), desc(alerts.id));
  return rows.map(toAlert);
}

export async function getAlert(db: Database, id: string): Promise<Alert | null> {
  const row = await db.select().from(alerts).where(eq(alerts.id, id)).get();
  return row ? toAlert(row) : null;
}

export async function createAlert(db: Database, actor: Actor, input: ValidAlert): Promise<Alert> {
  const id = newId();
  const [[row]] = await db.batch([
    db.insert(alerts).values({ id, ...input }).returning(),
    logStatement(db, actor, { action: "angelegt", kind: "alert", itemId: id, title: input.title }),
  ]);
  await db.contentChanged();
  return toAlert(row);
}

export async function updateAlert(db: Database, actor: Actor, id: string, input: ValidAlert): Promise<Alert> {
  const [[row]] = await db.batch([
    db.update(alerts).set(input).where(eq(alerts.id, id)).returning(),
    logStatement(db, actor, { action: "geändert", kind: "alert", itemId: id, title: input.title }, { when: rowExists(alerts, eq(alerts.id, id)) }),
  ]);
  if (!row) throw notFound(ALERT_NOT_FOUND);
  await db.contentChanged();
  return toAlert(row);
}

/** Into the Papierkorb (decision 016): the alert as stored, restored by `ALERT_TRASH`. */
export async function deleteAlert(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await getAlert(db, id);
  if (!row) throw notFound(ALERT_NOT_FOUND);
  const own = eq(alerts.id, id);
  await moveToTrash(
    db,
    actor,
    { kind: "alert", id, title: row.title, rows: [{ table: alerts, where: own }], notFound: ALERT_NOT_FOUND },
    [db.delete(alerts).where(own).returning({ id: alerts.id })],
  );
  await db.contentChanged();
}

export const ALERT_TRASH: TrashRules = {
  restore: (db, entryId) => [restoreRows(db, alerts, entryId)],
  onPages: true,
};
