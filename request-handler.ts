import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Cloudflare, getLoadContext } from "./load-context";
import { mintFormToken } from "./app/server/entities/enquiry-spam.server";
import { bumpContentVersion, cachedPage, withCachePolicy } from "./app/server/worker/edge-cache.server";
import { screenPagePost, withSecurityHeaders } from "./app/server/worker/security.server";

export type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

/** Remix's handler for one build, and that build's version (its assets' hash). */
export interface RemixBuild {
  handle: RemixHandler;
  version: string;
}

/**
 * The one request pipeline, run by the worker entry (server.ts) and by `npm run dev`
 * (vite-dev-pipeline.ts), so a developer sees the same refusals and headers as production:
 * forged or unreadable page posts are refused before any route runs, then a public page comes
 * from the edge cache or Remix answers, a write that changed a public page (the entity modules
 * say so) outdates the cached pages before its answer leaves — and at once when it happens
 * after the answer (renditions) — and every answer gets its cache policy and the security headers.
 */
export async function handleRequest(request: Request, cloudflare: Cloudflare, remix: RemixBuild): Promise<Response> {
  const screened = await screenPagePost(request);
  if (screened instanceof Response) return withSecurityHeaders(request, screened);

  const context = getLoadContext({ request: screened, context: { cloudflare } });
  const response = await cachedPage(
    screened,
    {
      build: remix.version,
      nonce: context.nonce,
      lifetime: context.pageLifetime,
      waitUntil: (promise) => cloudflare.ctx.waitUntil(promise),
      formToken: () => mintFormToken(context.db),
    },
    () => remix.handle(screened, context),
  );
  await context.contentChanges.publishWith(bumpContentVersion);
  return withSecurityHeaders(request, withCachePolicy(screened, response));
}
