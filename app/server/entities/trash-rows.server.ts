import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { TRASH_KEEP_DAYS, type TrashKind } from "~/lib/activity";
import { notFound } from "~/server/base/errors.server";
import type { Database } from "~/server/db/client.server";
import { trash, trashedPictures, trashRows } from "~/server/db/schema";
import type { PictureKind } from "~/server/images/keys.server";
import { pictureTable } from "~/server/images/picture-rows.server";
import { type Actor, logStatement, rowExists, shortTitle } from "./activity-log.server";

/*
 * How an item moves into the Papierkorb and back, for every entity module (decision 016).
 * Deleting copies each of the item's rows into a row of `trash_rows` — SQLite writes it as JSON,
 * column by column as stored — and removes them from their tables, in one batch with the
 * entry and the Verlauf's. One stored row per copied row, so an item of any size fits (D1 limits
 * one value to 2 MB; issue 37). Restoring inserts the copied rows again: same ids, same dates,
 * same values. The entity module says which rows an item has and what a restore must respect (a
 * Titelbild taken meanwhile, a category gone); the Papierkorb itself is trash.server.ts.
 */

type Statement = BatchItem<"sqlite">;

const DAY_MS = 24 * 60 * 60 * 1000;

const columnsOf = (table: SQLiteTable) => Object.values(getTableColumns(table));

/** One table's share of an item: the rows `where` selects. */
export interface ItemRows {
  table: SQLiteTable;
  where: SQL;
}

/** Copies the rows into the entry `entryId`, each as a JSON object keyed by column name, exactly as stored; only `when` holds. */
function copyRows(db: Database, entryId: string, { table, where }: ItemRows, when: SQL) {
  const pairs = sql.join(
    columnsOf(table).map((column) => sql`${sql.raw(`'${column.name}'`)}, ${column}`),
    sql`, `,
  );
  return db
    .insert(trashRows)
    .select(sql`select null, ${entryId}, ${getTableName(table)}, json_object(${pairs}) from ${table} where ${where} and ${when}`);
}

export interface TrashedItem {
  kind: TrashKind;
  /** The item's own id; also the Papierkorb entry's. */
  id: string;
  title: string;
  /** The item's rows, its own row first: the move happens only while that row exists. */
  rows: [ItemRows, ...ItemRows[]];
  /** Its pictures (rows of their kind's table that `where` selects), whose files stay in R2 until the entry is deleted for good. */
  pictures?: { kind: PictureKind; where: SQL };
  /** The answer when the item does not exist (any more). */
  notFound: string;
  /** Values beside the rows that a restore needs (SQL, read in the same batch), such as the picture a "Vorher-Bild" belonged to. */
  facts?: Record<string, SQL>;
}

/**
 * Moves an item into the Papierkorb in one batch: its rows copied into an entry, its pictures
 * noted as kept, the Verlauf's "gelöscht", then `deletes`, which remove the rows from their
 * tables, the item's own row last (returning it, so a delete that a parallel request already
 * made answers 404 and writes nothing).
 */
export async function moveToTrash(
  db: Database,
  actor: Actor,
  item: TrashedItem,
  deletes: [...Statement[], Statement],
  now = new Date(),
): Promise<void> {
  const [own] = item.rows;
  const exists = rowExists(own.table, own.where);
  const keepUntil = now.getTime() + TRASH_KEEP_DAYS * DAY_MS;
  const facts = Object.entries(item.facts ?? {}).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`);
  const results = await db.batch([
    db
      .insert(trash)
      .select(
        sql`select ${item.id}, ${item.kind}, ${shortTitle(item.title)}, ${now.getTime()}, ${actor.username}, ${keepUntil}, json_object(${sql.join(facts, sql`, `)}) where ${exists}`,
      ),
    // Own row first: its copy is the entry's first of its table (`storedColumn`).
    ...item.rows.map((rows) => copyRows(db, item.id, rows, exists)),
    ...(item.pictures
      ? [trashedPicturesStatement(db, item.id, item.pictures.kind, item.pictures.where)]
      : []),
    logStatement(db, actor, { action: "gelöscht", kind: item.kind, itemId: item.id, title: item.title }, { at: now, when: exists }),
    ...deletes,
  ]);
  if ((results[results.length - 1] as unknown[]).length === 0) throw notFound(item.notFound);
}

function trashedPicturesStatement(db: Database, entryId: string, kind: PictureKind, where: SQL) {
  const table = pictureTable(kind);
  return db.insert(trashedPictures).select(sql`select ${table.id}, ${kind}, ${entryId} from ${table} where ${where}`);
}

/** A value of `TrashedItem.facts`, as kept in the entry `entryId`. */
export const storedFact = (entryId: string, name: string) =>
  sql`(select json_extract(${trash.payload}, ${`$.${name}`}) from ${trash} where ${trash.id} = ${entryId})`;

/** A column of the item's own row (its table's first copied row) in the entry `entryId` (a value, or SQL such as `trash.id`). */
export const storedColumn = (entryId: string | SQL, table: SQLiteTable, column: string) =>
  sql`(select json_extract(own.value, ${`$.${column}`}) from ${trashRows} as own
    where own.entry_id = ${entryId} and own.table_name = ${getTableName(table)} order by own.id limit 1)`;

/** A column's stored value inside `restoreRows` (the copied row is `item.value`). */
export const storedValue = (column: string) => sql.raw(`json_extract(item.value, '$.${column}')`);

/**
 * Inserts a table's rows of the Papierkorb entry `entryId` again, as they were stored. `replace`
 * gives some columns another value (SQL over `storedValue`), `keep` leaves out rows that no longer
 * fit (a link to a category that is gone).
 */
export function restoreRows(
  db: Database,
  table: SQLiteTable,
  entryId: string,
  { replace = {}, keep }: { replace?: Record<string, SQL>; keep?: SQL } = {},
) {
  const values = sql.join(
    columnsOf(table).map((column) => replace[column.name] ?? storedValue(column.name)),
    sql`, `,
  );
  return db
    .insert(table)
    .select(
      sql`select ${values} from ${trashRows} as item where item.entry_id = ${entryId} and item.table_name = ${getTableName(table)}${keep ? sql` and ${keep}` : sql``} order by item.id`,
    );
}

/** What each kind of item needs of the Papierkorb: how to put its rows back, and whether public pages show it. */
export interface TrashRules {
  /** The statements that insert the item's rows again, for the restore's batch (its entry still exists while they run). */
  restore: (db: Database, entryId: string) => Statement[];
  /** Deleting or restoring it changes a public page (`db.contentChanged()`). */
  onPages: boolean;
  /** Entries of this kind that the scheduled handler deletes before their time (SQL over `trash`): an enquiry past its retention period. */
  dueEarly?: (now: Date) => SQL;
}
