import type { AppLoadContext } from "@remix-run/cloudflare";
import { database, type Database } from "./app/server/db/client.server";
import { PageLifetime } from "./app/server/edge-cache.server";
import { randomBytes, toBase64 } from "./app/server/encoding.server";

/** What both the worker entry and Vite's dev proxy can provide. */
export interface Cloudflare {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    db: Database;
    /** Per-request nonce for the Content-Security-Policy; passed to Remix's inline scripts. */
    nonce: string;
    /** Loaders report here when their content changes by the clock, so a cached page expires then. */
    pageLifetime: PageLifetime;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  let db: Database | undefined;
  return {
    cloudflare: context.cloudflare,
    // Made on first use: a page served from the edge cache never reads D1.
    get db() {
      return (db ??= database(context.cloudflare.env.DB));
    },
    nonce: toBase64(randomBytes(16)),
    pageLifetime: new PageLifetime(Date.now()),
  };
}
