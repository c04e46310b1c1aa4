import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import worker from "../../server";
import { BASE, body, rowCount, staffCookie, staffToken } from "./helpers";
import { SETTLED } from "./visitors";

const BUSY = "D1_ERROR: database is locked: SQLITE_BUSY";
const isRead = (sql: string) => /^\s*select\b/i.test(sql);

/**
 * The real database, except that its next `reads` reading and `writes` writing calls fail
 * the way D1 reports a passing problem (locally: another process holds the file). Counts
 * every call, so a test sees what was tried again.
 */
function databaseFailing({ reads = 0, writes = 0 }: { reads?: number; writes?: number }) {
  const left = { reads, writes };
  const calls = { reads: 0, writes: 0 };
  const attempt = (read: boolean) => {
    const kind = read ? "reads" : "writes";
    calls[kind]++;
    if (left[kind] > 0) {
      left[kind]--;
      throw new Error(BUSY);
    }
  };
  type Wrapped = D1PreparedStatement & { inner: D1PreparedStatement; sql: string };
  const statement = (inner: D1PreparedStatement, sql: string): Wrapped =>
    ({
      inner,
      sql,
      bind: (...values: unknown[]) => statement(inner.bind(...values), sql),
      first: async (column?: string) => (attempt(isRead(sql)), column === undefined ? inner.first() : inner.first(column)),
      all: async () => (attempt(isRead(sql)), inner.all()),
      raw: async (options?: { columnNames?: boolean }) => (attempt(isRead(sql)), inner.raw(options as { columnNames: true })),
      run: async () => (attempt(isRead(sql)), inner.run()),
    }) as unknown as Wrapped;
  const db = {
    prepare: (sql: string) => statement(env.DB.prepare(sql), sql),
    batch: async (statements: Wrapped[]) => {
      attempt(statements.every((each) => isRead(each.sql)));
      return env.DB.batch(statements.map((each) => each.inner));
    },
    exec: (sql: string) => env.DB.exec(sql),
  } as unknown as D1Database;
  return { db, calls };
}

async function request(db: D1Database, path: string, init: RequestInit = {}) {
  const context = createExecutionContext();
  const incoming = new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(incoming, { ...env, DB: db }, context);
  await waitOnExecutionContext(context);
  return response;
}

const settled = { headers: { Cookie: `cookieConsent=${encodeURIComponent(SETTLED.consent)}` } };

describe("a database that fails for a moment", () => {
  it("answers a page whose read failed once, by reading again", async () => {
    const { db, calls } = databaseFailing({ reads: 1 });
    const response = await request(db, "/referenz", settled);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Referenzen");
    // The shell's and the page's reads, one of them twice.
    expect(calls.reads).toBe(3);
  });

  it("answers 503 with Retry-After inside the shell's German error page when a read fails twice, and keeps nothing", async () => {
    const { db } = databaseFailing({ reads: Number.POSITIVE_INFINITY });
    for (let view = 0; view < 2; view++) {
      const response = await request(db, "/referenz", settled);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get(CACHE_STATUS_HEADER)).not.toBe("HIT");
      const html = await response.text();
      expect(html).toContain("Bitte versuchen Sie es in einem Moment erneut.");
      expect(html).toMatch(/<nav[^>]*aria-label="Hauptnavigation"/);
      expect(html).not.toMatch(/SQLITE|D1_ERROR|at \w+ \(/);
    }
  });

  it("answers the API with 503 and its German message", async () => {
    const { db } = databaseFailing({ reads: Number.POSITIVE_INFINITY });
    const response = await request(db, "/api/v1/news/get");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await body(response)).toEqual({ error: "Die Daten können gerade nicht gelesen werden. Bitte in einer Minute erneut versuchen." });
  });

  it("answers a staff page whose session check cannot be read with 503 too", async () => {
    const cookie = await staffCookie();
    const { db } = databaseFailing({ reads: Number.POSITIVE_INFINITY });
    const response = await request(db, "/intern/news", { headers: { Cookie: cookie } });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("never tries a write twice: it may have happened", async () => {
    const token = await staffToken();
    const { db, calls } = databaseFailing({ writes: 1 });
    const response = await request(db, "/api/v1/news/save", {
      method: "POST",
      headers: { token, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Neu", text: "Hallo" }),
    });
    expect(response.status).toBe(503);
    expect(calls.writes).toBe(1);
    expect(await rowCount("news")).toBe(0);
  });

  it("never answers a valid token with 401 when the database cannot be read: 503 with Retry-After, and the repeat succeeds", async () => {
    const token = await staffToken();
    const [{ id }] = (await env.DB.prepare("insert into news (id, title, text, created_at) values ('n1', 'Alt', 'Text', 1) returning id").all<{ id: string }>()).results;
    const remove = (db: D1Database) =>
      request(db, "/api/v1/news/delete", {
        method: "POST",
        headers: { token, "Content-Type": "application/json" },
        body: JSON.stringify({ id }),
      });
    // The session check and every read after it fail: the token is not judged at all.
    const failed = await remove(databaseFailing({ reads: Number.POSITIVE_INFINITY }).db);
    expect(failed.status).toBe(503);
    expect(Number(failed.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await rowCount("news")).toBe(1);
    const repeated = await remove(env.DB);
    expect(repeated.status).toBe(200);
    expect(await rowCount("news")).toBe(0);
  });

  it("keeps a valid session whose idle clock the database cannot take: the write itself goes ahead", async () => {
    const token = await staffToken();
    // Last used 20 minutes ago: this request moves the idle clock, a write of its own.
    await env.DB.prepare("update sessions set last_used_at = ?").bind(Date.now() - 20 * 60_000).run();
    const { db, calls } = databaseFailing({ writes: 1 });
    const response = await request(db, "/api/v1/news/save", {
      method: "POST",
      headers: { token, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Neu", text: "Hallo" }),
    });
    expect(response.status).toBe(200);
    expect(calls.writes).toBe(2);
    expect(await rowCount("news")).toBe(1);
  });
});
