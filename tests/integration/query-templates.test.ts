import { env } from "cloudflare:test";
import { desc, eq, gt } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { database, placeholder, placeholderFor, prepareRead, queryTemplate, readOnce, readTogether } from "~/server/db/client.server";
import { news } from "~/server/db/schema";

const DAY = 86_400_000;
const NEWEST = Date.UTC(2026, 10, 20, 9);

beforeEach(async () => {
  await env.DB.batch(
    ["a", "b", "c", "d"].map((id, index) =>
      env.DB.prepare("insert into news (id, title, text, created_at) values (?, ?, 'Text', ?)").bind(id, `Titel ${id}`, NEWEST - index * DAY),
    ),
  );
});

/** A template that counts how often its SQL is built. */
function countedNewsPage() {
  const built = { count: 0 };
  const template = queryTemplate((db) => {
    built.count++;
    return db.select().from(news).orderBy(desc(news.date), desc(news.id)).limit(placeholder("limit")).offset(placeholder("startAt"));
  });
  return { built, template };
}

/** The D1 binding, counting the statements prepared on it: each request's own. */
function countingD1() {
  const prepared: string[] = [];
  const d1 = {
    prepare: (sql: string) => (prepared.push(sql), env.DB.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
  } as unknown as D1Database;
  return { d1, prepared };
}

describe("query templates (SQL built once per isolate)", () => {
  it("build the SQL once and answer each request with its own values, on its own D1", async () => {
    const { built, template } = countedNewsPage();
    const first = countingD1();
    const second = countingD1();
    const read = (d1: D1Database, values: { limit: number; startAt: number }) => {
      const db = database(d1);
      return readOnce(db, prepareRead(template(db, values), (rows) => rows.map((row) => row.id)));
    };

    expect(await read(first.d1, { limit: 2, startAt: 0 })).toEqual(["a", "b"]);
    expect(await read(second.d1, { limit: 3, startAt: 1 })).toEqual(["b", "c", "d"]);
    expect(built.count).toBe(1);
    // The second request's statement was prepared on its own binding, with the same SQL.
    expect(second.prepared).toHaveLength(1);
    expect(second.prepared[0]).toBe(first.prepared.at(-1));
  });

  it("map rows as the query they were built from does (an instant becomes a Date)", async () => {
    const { template } = countedNewsPage();
    const db = database(env.DB);
    const [rows, direct] = await readTogether(db, [
      prepareRead(template(db, { limit: 1, startAt: 0 }), (found) => found),
      prepareRead(db.select().from(news).where(eq(news.id, "a")), (found) => found),
    ] as const);
    expect(rows).toEqual(direct);
    expect(rows[0].date).toEqual(new Date(NEWEST));
  });

  it("keep one template per variant, each built once", async () => {
    let builds = 0;
    const template = queryTemplate((db, order: "newest" | "oldest") => {
      builds++;
      return db
        .select({ id: news.id })
        .from(news)
        .orderBy(order === "newest" ? desc(news.date) : news.date)
        .limit(placeholder("limit"));
    });
    const ids = (order: "newest" | "oldest") => {
      const db = database(env.DB);
      return readOnce(db, prepareRead(template(db, { limit: 1 }, order), (rows) => rows.map((row) => row.id)));
    };
    expect(await ids("newest")).toEqual(["a"]);
    expect(await ids("oldest")).toEqual(["d"]);
    expect(await ids("newest")).toEqual(["a"]);
    expect(builds).toBe(2);
  });

  it("fill a column's placeholder in the column's stored form (a Date as an instant)", async () => {
    const newerThan = queryTemplate((db) => db.select({ id: news.id }).from(news).where(gt(news.date, placeholderFor(news.date, "since"))));
    const db = database(env.DB);
    const ids = await readOnce(db, prepareRead(newerThan(db, { since: new Date(NEWEST - 2 * DAY) }), (rows) => rows.map((row) => row.id)));
    expect(ids.sort()).toEqual(["a", "b"]);
  });

  it("refuse a use that leaves a placeholder without its value", () => {
    const { template } = countedNewsPage();
    const db = database(env.DB);
    expect(() => template(db, { limit: 2 })).toThrow('No value for placeholder "startAt" was provided');
  });
});
