import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { ContentChanges } from "~/server/base/content-changes.server";
import { readsRetried } from "./retry.server";

/**
 * Created per request: D1 is a binding of the request's environment, never a module global.
 * Without the schema: the app uses the query builder only, and drizzle's relational setup
 * would cost every request (a cached page included) more than the rest of its work.
 * Reads that fail for a passing reason are tried once more (retry.server.ts). The handle
 * carries the request's `ContentChanges`, which the entity modules mark after a write that
 * changes a public page.
 */
export function database(d1: D1Database, changes = new ContentChanges()) {
  return Object.assign(drizzle(readsRetried(d1)), {
    /** After a successful write that changes what a public page shows. */
    contentChanged: () => changes.mark(),
  });
}

export type Database = ReturnType<typeof database>;

type Query = BatchItem<"sqlite">;

/**
 * A read an entity module prepares without running it: its queries and how their rows become
 * the module's answer. Loaders that need several modules' data run them together in one
 * round trip to D1 (`readTogether`); a module's own functions run a single one with `readOnce`.
 */
export interface Read<Answer> {
  queries: Query[];
  answer: (results: unknown[]) => Answer;
}

export function prepareRead<Q extends Query, Answer>(query: Q, answer: (rows: Awaited<Q>) => Answer): Read<Answer>;
export function prepareRead<Q1 extends Query, Q2 extends Query, Answer>(
  queries: [Q1, Q2],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>) => Answer,
): Read<Answer>;
export function prepareRead<Q1 extends Query, Q2 extends Query, Q3 extends Query, Answer>(
  queries: [Q1, Q2, Q3],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>, third: Awaited<Q3>) => Answer,
): Read<Answer>;
export function prepareRead<Q1 extends Query, Q2 extends Query, Q3 extends Query, Q4 extends Query, Answer>(
  queries: [Q1, Q2, Q3, Q4],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>, third: Awaited<Q3>, fourth: Awaited<Q4>) => Answer,
): Read<Answer>;
export function prepareRead(query: Query | Query[], answer: (...rows: never[]) => unknown): Read<unknown> {
  const queries = Array.isArray(query) ? query : [query];
  return { queries, answer: (results) => answer(...(results as never[])) };
}

type Answers<Reads extends readonly Read<unknown>[]> = { -readonly [K in keyof Reads]: Reads[K] extends Read<infer A> ? A : never };

/** Several reads in one `db.batch`: one round trip however many queries they hold. */
export async function readTogether<Reads extends readonly [Read<unknown>, ...Read<unknown>[]]>(
  db: Database,
  reads: Reads,
): Promise<Answers<Reads>> {
  const queries = reads.flatMap((read) => read.queries);
  const results: unknown[] = await db.batch(queries as [Query, ...Query[]]);
  let next = 0;
  return reads.map((read) => {
    const own = results.slice(next, next + read.queries.length);
    next += read.queries.length;
    return read.answer(own);
  }) as Answers<Reads>;
}

export async function readOnce<Answer>(db: Database, read: Read<Answer>): Promise<Answer> {
  const [answer] = await readTogether(db, [read]);
  return answer;
}
