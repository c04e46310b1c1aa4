import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { type Cloudflare, getLoadContext } from "./load-context";
import { mintFormToken } from "./app/server/entities/job/enquiry-spam.server";
import {
  bumpContentVersion,
  cachedPage,
  canonicalPageRequest,
  withCachePolicy,
  withSharedCookies,
} from "./app/server/worker/edge-cache.server";
import { deepestRoute, refusedDiscovery } from "./app/server/worker/route-discovery.server";
import {
  collapsedSlashesRedirect,
  httpsRedirect,
  refusedBeforeRoutes,
  screenPagePost,
  withoutBodyOnRead,
  withSecurityHeaders,
} from "./app/server/worker/security.server";

export type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

/** Remix's handler for one build and that build's deepest route. */
export interface RemixBuild {
  handle: RemixHandler;
  deepestRoute: number;
}

export function remixBuild(build: ServerBuild, mode?: string): RemixBuild {
  return { handle: createRequestHandler(build, mode), deepestRoute: deepestRoute(build.routes) };
}

/**
 * The one request pipeline, run by the worker entry (server.ts) and by `npm run dev`
 * (vite-dev-pipeline.ts), so a developer sees the same refusals and headers as production:
 * plain http goes to https (never on a local run) and a path with repeated slashes to its one
 * spelling, the body of a GET or HEAD is dropped, methods no page takes, forged or unreadable page
 * posts and route discovery beyond the site's own are refused before any route runs, a public
 * page is read as its canonical address, then it comes
 * from the edge cache or Remix answers, a write that changed a public page (the entity modules
 * say so) outdates the cached pages before its answer leaves — and at once when it happens
 * after the answer (renditions) — and every answer gets its cache policy and the security headers.
 */
export async function handleRequest(incoming: Request, cloudflare: Cloudflare, remix: RemixBuild): Promise<Response> {
  const redirected = httpsRedirect(incoming) ?? collapsedSlashesRedirect(incoming);
  if (redirected) return withSecurityHeaders(incoming, redirected);
  const request = withoutBodyOnRead(incoming);
  const refused = refusedBeforeRoutes(request) ?? refusedDiscovery(request, remix.deepestRoute);
  if (refused) return withSecurityHeaders(request, refused);
  const posted = await screenPagePost(request);
  if (posted instanceof Response) return withSecurityHeaders(request, posted);
  const screened = canonicalPageRequest(posted);

  const context = getLoadContext({ request: screened, context: { cloudflare } });
  const response = await cachedPage(
    screened,
    {
      deployment: cloudflare.env.CF_VERSION_METADATA.id,
      nonce: context.nonce,
      lifetime: context.pageLifetime,
      waitUntil: (promise) => cloudflare.ctx.waitUntil(promise),
      formToken: () => mintFormToken(context.db),
      sharedCookies: () => context.sharedCookies,
    },
    async () => {
      const answer = await remix.handle(screened, context);
      // The error page of a page that could not read D1 is a passing state, not a fault (db/retry.server.ts).
      return context.databaseUnavailable && answer.status >= 500
        ? new Response(answer.body, { status: 503, headers: answer.headers })
        : answer;
    },
  );
  await context.contentChanges.publishWith(bumpContentVersion);
  return withSecurityHeaders(request, withSharedCookies(screened, withCachePolicy(screened, response), context.sharedCookies));
}
