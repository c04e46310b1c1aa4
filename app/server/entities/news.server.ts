import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { notFound } from "~/server/base/errors.server";
import { type Database, placeholder, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { news } from "~/server/db/schema";
import { newId, type Paging, requiredText } from "~/server/base/validation.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, type TrashRules } from "./trash-rows.server";
import { NEWS_PAGE_SIZE, TEXT_MAX_LENGTH, TITLE_MAX_LENGTH } from "~/lib/limits";

export { NEWS_PAGE_SIZE };
export const NEWS_MAX_PAGE_SIZE = 50;
/** The answer of the API and the staff page alike when an id is unknown. */
export const NEWS_NOT_FOUND = "Diese Neuigkeit gibt es nicht (mehr).";

export const newsInput = z.object({
  title: requiredText("Titel", TITLE_MAX_LENGTH),
  text: requiredText("Text", TEXT_MAX_LENGTH),
});
export type NewsInput = z.infer<typeof newsInput>;

export interface NewsItem {
  id: string;
  /** The workshop's existing client reads `_id`; both carry the same value. */
  _id: string;
  title: string;
  text: string;
  date: string;
}

function toNewsItem(row: typeof news.$inferSelect): NewsItem {
  return { id: row.id, _id: row.id, title: row.title, text: row.text, date: row.date.toISOString() };
}

const newsPageQuery = queryTemplate((db) =>
  db.select().from(news).orderBy(desc(news.date), desc(news.id)).limit(placeholder("limit")).offset(placeholder("startAt")),
);

/** Newest first; the id breaks ties so paging never skips or repeats an item. */
export function newsRead(db: Database, { startAt, limit }: Paging): Read<NewsItem[]> {
  return prepareRead(newsPageQuery(db, { startAt, limit }), (rows) => rows.map(toNewsItem));
}

export async function listNews(db: Database, paging: Paging): Promise<NewsItem[]> {
  return readOnce(db, newsRead(db, paging));
}

export async function getNews(db: Database, id: string): Promise<NewsItem | null> {
  const row = await db.select().from(news).where(eq(news.id, id)).get();
  return row ? toNewsItem(row) : null;
}

export async function createNews(db: Database, actor: Actor, input: NewsInput): Promise<NewsItem> {
  const id = newId();
  const now = new Date();
  const [[row]] = await db.batch([
    db.insert(news).values({ id, ...input, date: now }).returning(),
    logStatement(db, actor, { action: "angelegt", kind: "news", itemId: id, title: input.title }, { at: now }),
  ]);
  await db.contentChanged();
  return toNewsItem(row);
}

export async function updateNews(db: Database, actor: Actor, id: string, input: NewsInput): Promise<NewsItem> {
  const [[row]] = await db.batch([
    db.update(news).set(input).where(eq(news.id, id)).returning(),
    logStatement(db, actor, { action: "geändert", kind: "news", itemId: id, title: input.title }, { when: rowExists(news, eq(news.id, id)) }),
  ]);
  if (!row) throw notFound(NEWS_NOT_FOUND);
  await db.contentChanged();
  return toNewsItem(row);
}

/** Into the Papierkorb (decision 016): the item as stored, restored by `NEWS_TRASH`. */
export async function deleteNews(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await getNews(db, id);
  if (!row) throw notFound(NEWS_NOT_FOUND);
  const own = eq(news.id, id);
  await moveToTrash(
    db,
    actor,
    { kind: "news", id, title: row.title, rows: [{ table: news, where: own }], notFound: NEWS_NOT_FOUND },
    [db.delete(news).where(own).returning({ id: news.id })],
  );
  await db.contentChanged();
}

export const NEWS_TRASH: TrashRules = {
  restore: (db, entryId) => [restoreRows(db, news, entryId)],
  onPages: true,
};
