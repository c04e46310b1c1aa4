import { count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { type ItemKind, LOG_KEEP_DAYS, type LogAction } from "~/lib/activity";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Paging } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { activityLog } from "~/server/db/schema";

/*
 * The Verlauf: who changed what, and when. Every entity module's write puts `logStatement` into
 * the same D1 batch as the write itself, so there is never a write without its entry or an entry
 * without its write (D1 runs a batch as one transaction). An entry names the item by its title;
 * it never holds a password, a token or a customer's contact data (an enquiry is named by its
 * reference number). The scheduled handler deletes entries after `LOG_KEEP_DAYS`.
 */

/** The staff member who writes: the session's or the API token's account, passed in by the route. */
export interface Actor {
  username: string;
}

export interface LogEntry {
  action: LogAction;
  kind: ItemKind;
  /** The item's id, when it has one. */
  itemId?: string | null;
  /** What the Verlauf shows of the item: a title, a description, a name, a reference number. */
  title: string;
}

const TITLE_MAX_LENGTH = 200;

/** A title as the Verlauf and the Papierkorb keep it: one line, at most 200 characters. */
export function shortTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  return characters.length <= TITLE_MAX_LENGTH ? line : `${characters.slice(0, TITLE_MAX_LENGTH - 1).join("")}…`;
}

/**
 * The entry's insert, for the batch of the write it records. With `when`, the entry is written
 * only if that condition holds when the batch runs (the item still exists), so a write that a
 * parallel request made moot records nothing either.
 */
export function logStatement(db: Database, actor: Actor, entry: LogEntry, { at = new Date(), when }: { at?: Date; when?: SQL } = {}) {
  const values = sql`select null, ${at.getTime()}, ${actor.username}, ${entry.action}, ${entry.kind}, ${entry.itemId ?? null}, ${shortTitle(entry.title)}`;
  return db.insert(activityLog).select(when ? sql`${values} where ${when}` : values);
}

/** A `when` for `logStatement`: a row of `table` that `where` selects exists (the item a write is about). */
export const rowExists = (table: SQLiteTable, where: SQL) => sql`exists (select 1 from ${table} where ${where})`;

/**
 * A `when` for `logStatement` (or any statement of a batch): the statement just before it changed
 * a row. D1 runs a batch's statements one after another on one connection, so this is the outcome
 * of this request's own conditional update — unlike a condition on the values it wrote, which a
 * parallel request writing the same values in the same millisecond would meet too.
 */
export const previousChanged = sql`changes() > 0`;

/** What `GET /api/v1/log/get` answers and the Verlauf page lists. */
export interface LogItem {
  id: number;
  /** ISO 8601. */
  at: string;
  user: string;
  action: LogAction;
  kind: ItemKind;
  title: string;
}

const byUser = (user: string | null | undefined) => (user ? eq(activityLog.username, user) : undefined);

/** Newest first (the id breaks ties), optionally of one staff member. */
export async function listLog(db: Database, { startAt, limit, user }: Paging & { user?: string | null }): Promise<LogItem[]> {
  const rows = await db
    .select()
    .from(activityLog)
    .where(byUser(user))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit)
    .offset(startAt);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    user: row.username,
    action: row.action as LogAction,
    kind: row.kind as ItemKind,
    title: row.title,
  }));
}

export async function countLog(db: Database, user?: string | null): Promise<number> {
  const [row] = await db.select({ count: count() }).from(activityLog).where(byUser(user));
  return row?.count ?? 0;
}

/** For the scheduled handler: entries older than `LOG_KEEP_DAYS` go. Returns how many. */
export async function deleteOldLogEntries(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOG_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(activityLog).where(lt(activityLog.at, cutoff)).returning({ id: activityLog.id });
  return deleted.length;
}
