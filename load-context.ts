import type { AppLoadContext } from "@remix-run/cloudflare";
import { ContentChanges } from "./app/server/base/content-changes.server";
import { randomBytes, toBase64 } from "./app/server/base/encoding.server";
import { database, type Database } from "./app/server/db/client.server";
import type { Mailers } from "./app/server/entities/job/customer-mail.server";
import type { PictureStorage } from "./app/server/images/pictures.server";
import { PageLifetime } from "./app/server/worker/edge-cache.server";

/** What both the worker entry and Vite's dev proxy can provide. */
export interface Cloudflare {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    db: Database;
    /** Where uploaded pictures go: the bucket, the Images binding, and the work after the answer. */
    pictures: PictureStorage;
    /** The workshop's and the customers' e-mail, sent after the answer (decisions 014, 018). */
    mailers: Mailers;
    /** Per-request nonce for the Content-Security-Policy; passed to Remix's inline scripts. */
    nonce: string;
    /** Loaders report here when their content changes by the clock, so a cached page expires then. */
    pageLifetime: PageLifetime;
    /** The entity modules' writes report here when they changed a public page (through `db`). */
    contentChanges: ContentChanges;
    /** Set when a page failed because D1 could not be reached (entry.server.tsx): its answer is then 503. */
    databaseUnavailable: boolean;
    /**
     * Set-Cookie values that are the same for every visitor of the page's variant (the seen-alerts
     * marker): added to the answer on its way out, so they never keep a page out of the edge cache.
     */
    sharedCookies: string[];
    /** The public shell's JSON-LD, for the server's document only (components/document/structured-data.tsx). */
    structuredData: string;
    /** The document's X-Robots-Tag, set by the public shell while the launch guard holds (web/launch-guard.server.ts). */
    robots: string | null;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  const { env, ctx } = context.cloudflare;
  const contentChanges = new ContentChanges();
  let db: Database | undefined;
  return {
    cloudflare: context.cloudflare,
    // Made on first use: a page served from the edge cache never reads D1.
    get db() {
      return (db ??= database(env.DB, contentChanges));
    },
    pictures: { bucket: env.IMAGES, transforms: env.IMAGE_TRANSFORMS, afterAnswer: (work) => ctx.waitUntil(work()) },
    // The customers' binding is optional: without it staff tell customers themselves (decision 021).
    mailers: {
      customer: env.CUSTOMER_MAIL as SendEmail | undefined,
      workshop: env.ENQUIRY_MAIL,
      jobs: env.JOB_QUEUE,
      afterAnswer: (work) => ctx.waitUntil(work()),
    },
    nonce: toBase64(randomBytes(16)),
    pageLifetime: new PageLifetime(Date.now()),
    contentChanges,
    databaseUnavailable: false,
    sharedCookies: [],
    structuredData: "",
    robots: null,
  };
}
