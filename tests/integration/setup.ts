import { applyD1Migrations, env, reset, type D1Migration } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { bumpContentVersion } from "~/server/worker/edge-cache.server";

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
