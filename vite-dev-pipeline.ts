import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ServerBuild } from "@remix-run/cloudflare";
import type { Plugin } from "vite";

/**
 * `npm run dev` with the worker's own pipeline (request-handler.ts) around Remix, in place of
 * Remix's Cloudflare dev proxy, which would call Remix directly and so skip the refusals
 * and security headers. Bindings (D1, R2) come from wrangler's local platform proxy, as before.
 */
export function devPipeline(): Plugin {
  return {
    name: "autosattlerei-dev-pipeline",
    async configureServer(server) {
      const { getPlatformProxy } = await import("wrangler");
      const { env, ctx } = await getPlatformProxy<Env>();
      // Returned, so it runs after Vite's own middlewares (assets, HMR) as the last handler.
      return () => {
        server.middlewares.use(async (nodeRequest, nodeResponse, next) => {
          try {
            const build = (await server.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
            const { handleRequest, remixBuild } = (await server.ssrLoadModule("/request-handler.ts")) as typeof import("./request-handler");
            const remix = remixBuild(build, "development");
            const response = await handleRequest(toWebRequest(nodeRequest), { env, ctx }, remix);
            await sendResponse(response, nodeResponse);
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}

/** The site's origin comes from Host: the Origin header is what the pipeline has to judge, not trust. */
function toWebRequest(request: IncomingMessage & { originalUrl?: string }): Request {
  const url = new URL(request.originalUrl ?? request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream) : undefined,
    duplex: "half",
  } as RequestInit);
}

async function sendResponse(response: Response, target: ServerResponse) {
  target.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") target.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) target.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    target.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), target);
}
