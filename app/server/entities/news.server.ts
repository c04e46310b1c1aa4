import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { notFound } from "~/server/base/errors.server";
import { type Database, prepareRead, type Read, readOnce } from "~/server/db/client.server";
import { news } from "~/server/db/schema";
import { newId, type Paging, requiredText } from "~/server/base/validation.server";
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

/** Newest first; the id breaks ties so paging never skips or repeats an item. */
export function newsRead(db: Database, { startAt, limit }: Paging): Read<NewsItem[]> {
  const query = db.select().from(news).orderBy(desc(news.date), desc(news.id)).limit(limit).offset(startAt);
  return prepareRead(query, (rows) => rows.map(toNewsItem));
}

export async function listNews(db: Database, paging: Paging): Promise<NewsItem[]> {
  return readOnce(db, newsRead(db, paging));
}

export async function getNews(db: Database, id: string): Promise<NewsItem | null> {
  const row = await db.select().from(news).where(eq(news.id, id)).get();
  return row ? toNewsItem(row) : null;
}

export async function createNews(db: Database, input: NewsInput): Promise<NewsItem> {
  const [row] = await db
    .insert(news)
    .values({ id: newId(), ...input, date: new Date() })
    .returning();
  await db.contentChanged();
  return toNewsItem(row);
}

export async function updateNews(db: Database, id: string, input: NewsInput): Promise<NewsItem> {
  const [row] = await db.update(news).set(input).where(eq(news.id, id)).returning();
  if (!row) throw notFound(NEWS_NOT_FOUND);
  await db.contentChanged();
  return toNewsItem(row);
}

export async function deleteNews(db: Database, id: string): Promise<void> {
  const deleted = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  if (deleted.length === 0) throw notFound(NEWS_NOT_FOUND);
  await db.contentChanged();
}
