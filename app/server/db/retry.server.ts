/*
 * D1 can fail a query for a passing reason (Cloudflare names a lost connection, a reset
 * storage object, an overloaded database; locally SQLITE_BUSY while another process holds
 * the file) and recommends trying again. Reads are tried once more; a write is never repeated,
 * as it may have happened. A read that fails twice, or a write that fails so, means the
 * database cannot be reached now: `DatabaseUnavailableError`, which the API answers and the
 * worker turns into 503 with Retry-After (request-handler.ts), never a 500.
 */

const TRANSIENT = /SQLITE_BUSY|database is locked|Network connection lost|storage caused object to be reset|reset because its code was updated|overloaded|transient issue|Internal error/i;

export const DATABASE_UNAVAILABLE = "Die Daten können gerade nicht gelesen werden. Bitte in einer Minute erneut versuchen.";
export const DATABASE_RETRY_AFTER_SECONDS = 30;

export function isTransientDatabaseError(error: unknown): boolean {
  return error instanceof Error && TRANSIENT.test(error.message);
}

export class DatabaseUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(DATABASE_UNAVAILABLE);
    this.name = "DatabaseUnavailableError";
  }
}

/**
 * Whether `error` is, or was caused by, the database being unreachable (drizzle wraps what a
 * query throws). By name, not `instanceof`: the worker entry (load-context.ts) and the Remix
 * build each carry their own copy of this module.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === "DatabaseUnavailableError") return true;
  }
  return false;
}

const isRead = (sql: string) => /^\s*select\b/i.test(sql);

async function tryTwice<T>(read: boolean, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (first) {
    if (!isTransientDatabaseError(first)) throw first;
    if (!read) throw new DatabaseUnavailableError(first);
    console.warn("D1-Lesefehler, zweiter Versuch", first);
    try {
      return await run();
    } catch (second) {
      if (isTransientDatabaseError(second)) throw new DatabaseUnavailableError(second);
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
    return tryTwice(false, () => this.inner.run());
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
