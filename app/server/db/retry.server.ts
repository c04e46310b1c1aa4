/*
 * D1 can fail a query for a passing reason (Cloudflare names a lost connection, a reset
 * storage object, an overloaded database; locally SQLITE_BUSY while another process holds
 * the file) and recommends trying again. Reads are tried once more; a write is never repeated,
 * as it may have happened. A read that fails twice means the database cannot be reached now:
 * the answer is 503 with Retry-After (a thrown Response, which Remix renders with the page's
 * error view and the API passes on), never a 500.
 */

const TRANSIENT = /SQLITE_BUSY|database is locked|Network connection lost|storage caused object to be reset|reset because its code was updated|overloaded|transient issue|Internal error/i;

export const DATABASE_UNAVAILABLE = "Die Daten können gerade nicht gelesen werden. Bitte in einer Minute erneut versuchen.";
export const DATABASE_RETRY_AFTER_SECONDS = 30;

export function isTransientDatabaseError(error: unknown): boolean {
  return error instanceof Error && TRANSIENT.test(error.message);
}

export function databaseUnavailable(): Response {
  return Response.json(
    { error: DATABASE_UNAVAILABLE },
    { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
  );
}

const isRead = (sql: string) => /^\s*select\b/i.test(sql);

async function tryTwice<T>(read: boolean, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (first) {
    if (!read || !isTransientDatabaseError(first)) throw first;
    console.warn("D1-Lesefehler, zweiter Versuch", first);
    try {
      return await run();
    } catch (second) {
      if (isTransientDatabaseError(second)) throw databaseUnavailable();
      throw second;
    }
  }
}

/** The statements drizzle prepares, each remembering its SQL and the real statement it stands for. */
class RetriedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}

  bind(...values: unknown[]) {
    return new RetriedStatement(this.inner.bind(...values), this.sql);
  }

  first(column?: string) {
    return tryTwice(isRead(this.sql), () => (column === undefined ? this.inner.first() : this.inner.first(column)));
  }

  all() {
    return tryTwice(isRead(this.sql), () => this.inner.all());
  }

  raw(options?: { columnNames?: boolean }) {
    return tryTwice(isRead(this.sql), () => this.inner.raw(options as { columnNames: true }));
  }

  run() {
    return this.inner.run();
  }
}

/** The binding as drizzle sees it, with reads tried twice. */
export function readsRetried(d1: D1Database): D1Database {
  const retried = {
    prepare: (sql: string) => new RetriedStatement(d1.prepare(sql), sql),
    batch: (statements: RetriedStatement[]) =>
      tryTwice(
        statements.every((statement) => isRead(statement.sql)),
        () => d1.batch(statements.map((statement) => statement.inner)),
      ),
    exec: (sql: string) => d1.exec(sql),
    dump: () => d1.dump(),
  };
  return retried as unknown as D1Database;
}
