import { applyD1Migrations, env, reset, type D1Migration } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { bumpContentVersion } from "~/server/worker/edge-cache.server";

/** Provided by vitest.config.ts, read from migrations/ in Node before the pool starts. */
const migrations = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS;

/**
 * The site's signing key (entities/site-keys.server.ts), the same in every test: the worker
 * carries two copies of the server modules (the Remix build's and the request pipeline's), each
 * keeping the key per isolate once read, while every test starts from an empty database. A fixed
 * key keeps them agreeing, as the one key kept in D1 does in production.
 */
const FIXED_SIGNING_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))
  .replace(/\+/g, "-")
  .replace(/\//g, "_")
  .replace(/=+$/, "");

// Every test starts from an empty, fully migrated database and an empty bucket.
beforeEach(async () => {
  await applyD1Migrations(env.DB, migrations);
  await env.DB.prepare("insert into site_keys (name, value) values ('signing', ?)").bind(FIXED_SIGNING_KEY).run();
});

afterEach(async () => {
  await reset();
  // The Cache API is not a binding that reset() empties: a new content version outdates its pages.
  await bumpContentVersion();
});
