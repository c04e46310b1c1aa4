import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Cloudflare, getLoadContext } from "./load-context";
import { screenPagePost, withSecurityHeaders } from "./app/server/security.server";

export type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

/**
 * The one request pipeline, run by the worker entry (server.ts) and by `npm run dev`
 * (vite-dev-pipeline.ts), so a developer sees the same refusals and headers as production:
 * forged or unreadable page posts are refused before any route runs, then Remix answers,
 * and every answer gets the security headers.
 */
export async function handleRequest(request: Request, cloudflare: Cloudflare, handleRemix: RemixHandler): Promise<Response> {
  const screened = await screenPagePost(request);
  const response =
    screened instanceof Response
      ? screened
      : await handleRemix(screened, getLoadContext({ request: screened, context: { cloudflare } }));
  return withSecurityHeaders(request, response);
}
