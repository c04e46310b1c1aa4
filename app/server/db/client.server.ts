import { type Column, fillPlaceholders, Param, sql } from "drizzle-orm";
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

/** What a query gives drizzle's batch (`_prepare`, internal to drizzle): its SQL and values, and a statement for them. */
interface PreparedQuery {
  query: { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
}

const asList = (queries: Query | readonly Query[]): readonly Query[] => (Array.isArray(queries) ? queries : [queries as Query]);

const preparedOf = (query: Query) => (query as unknown as { _prepare(): PreparedQuery })._prepare();

/** Where a request's value goes in a query template (`queryTemplate`), passed to D1 as it is. */
export const placeholder = sql.placeholder;

/** The same for a value `column` stores in its own form (a Date in an instant's milliseconds). */
export const placeholderFor = (column: Column, name: string) => new Param(sql.placeholder(name), column);

/**
 * Queries whose SQL drizzle builds once per isolate instead of on every request: building the
 * SQL was a tenth to a sixth of a public page's render in the worker (decision 013). `build`
 * writes the queries with `placeholder(name)` wherever a request's value goes, so their SQL is
 * the same every time; each use fills `values` into them and prepares the statement on the
 * request's own D1, and the batch reads the rows as from any query. `variant` names a shape the
 * queries can take (a filter that is there or not): a small, fixed set, each built once.
 */
export function queryTemplate<Queries extends Query | readonly Query[], Variant extends string = never>(
  build: (db: Database, variant: Variant) => Queries,
) {
  const built = new Map<Variant | undefined, { single: boolean; patterns: readonly Query[]; prepared: PreparedQuery[] }>();
  return (db: Database, values: Record<string, unknown> = {}, variant?: Variant): Queries => {
    let template = built.get(variant);
    if (!template) {
      // The first request's queries serve as the pattern: only their SQL and row mapping are used again,
      // never their statements or that request's D1.
      const queries = build(db, variant as Variant);
      const patterns = asList(queries);
      template = { single: !Array.isArray(queries), patterns, prepared: patterns.map(preparedOf) };
      built.set(variant, template);
    }
    const { single, patterns, prepared } = template;
    const filled = patterns.map((pattern, index): Query => {
      const { query } = prepared[index];
      const forRequest = Object.create(prepared[index], {
        query: { value: { sql: query.sql, params: fillPlaceholders(query.params, values) } },
        stmt: { value: db.$client.prepare(query.sql) },
      });
      return Object.create(pattern, { _prepare: { value: () => forRequest } });
    });
    return (single ? filled[0] : filled) as unknown as Queries;
  };
}

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
  queries: readonly [Q1, Q2],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>) => Answer,
): Read<Answer>;
export function prepareRead<Q1 extends Query, Q2 extends Query, Q3 extends Query, Answer>(
  queries: readonly [Q1, Q2, Q3],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>, third: Awaited<Q3>) => Answer,
): Read<Answer>;
export function prepareRead<Q1 extends Query, Q2 extends Query, Q3 extends Query, Q4 extends Query, Answer>(
  queries: readonly [Q1, Q2, Q3, Q4],
  answer: (first: Awaited<Q1>, second: Awaited<Q2>, third: Awaited<Q3>, fourth: Awaited<Q4>) => Answer,
): Read<Answer>;
export function prepareRead(query: Query | readonly Query[], answer: (...rows: never[]) => unknown): Read<unknown> {
  const queries = [...asList(query)];
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
