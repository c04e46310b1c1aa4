import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The build exists only after `npm run build`; wrangler bundles it into the worker.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the generated build may or may not exist when type-checking
// @ts-ignore
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { isForeignFormPost, withSecurityHeaders } from "./app/server/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    if (isForeignFormPost(request)) {
      return withSecurityHeaders(
        request,
        new Response("Anfrage von einer fremden Seite abgelehnt.", { status: 403 }),
      );
    }
    const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx } } });
    const response = await handleRemixRequest(request, loadContext);
    return withSecurityHeaders(request, response);
  },
} satisfies ExportedHandler<Env>;
