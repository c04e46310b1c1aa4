import { applyD1Migrations, env, reset, type D1Migration } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { bumpContentVersion } from "~/server/edge-cache.server";

/** Provided by vitest.config.ts, read from migrations/ in Node before the pool starts. */
const migrations = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS;

// Every test starts from an empty, fully migrated database and an empty bucket.
beforeEach(async () => {
  await applyD1Migrations(env.DB, migrations);
});

afterEach(async () => {
  await reset();
  // The Cache API is not a binding that reset() empties: a new content version outdates its pages.
  await bumpContentVersion();
});

/*
 * Without isolation a test worker keeps one module runner for all its files, and
 * @cloudflare/vitest-pool-workers (0.15, and still 0.23) wraps that runner's transport once
 * more for every file: each SELF.fetch imports the worker through all the wrappers, so
 * each file ran slower than the one before. Keep the transport as the first file left it.
 */
interface RunnerTransport {
  invoke?: unknown;
}
const runnerGlobals = globalThis as typeof globalThis & {
  __vitest_mocker__?: { moduleRunner?: { transport?: RunnerTransport } };
  __firstRunnerInvoke__?: WeakMap<RunnerTransport, unknown>;
};
const transport = runnerGlobals.__vitest_mocker__?.moduleRunner?.transport;
if (transport?.invoke) {
  const firstInvoke = (runnerGlobals.__firstRunnerInvoke__ ??= new WeakMap());
  if (!firstInvoke.has(transport)) firstInvoke.set(transport, transport.invoke);
  transport.invoke = firstInvoke.get(transport);
}
