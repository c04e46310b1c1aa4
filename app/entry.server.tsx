import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import islandsEntry from "virtual:islands-entry";
import { IslandRendering } from "~/components/document/island";
import { NonceProvider } from "~/components/document/nonce";
import { StructuredDataProvider } from "~/components/document/structured-data";
import { jsonForScript } from "~/lib/seo";
import { areaOf } from "~/lib/site-areas";
import { isDatabaseUnavailable } from "~/server/db/retry.server";
import { documentFixes } from "~/server/worker/document-fixes.server";
import { contentSecurityPolicy } from "~/server/worker/security.server";

/**
 * Errors of loaders and actions. One whose cause is an unreachable database is expected now
 * and then: the request is marked, and the worker answers its error page with 503 and
 * Retry-After instead of 500 (request-handler.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    context.databaseUnavailable = true;
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  // The whole document at once, for everyone (docs/decisions/013): no page defers data, so the
  // document needs nothing that arrives later. React's stream encoded every piece of markup to
  // bytes that were decoded again right away, a fifth of a render's time; `renderToString` builds
  // the string directly. Remix's data for hydration, which it would stream behind the document
  // through a suspending component, is read whole and written as the same two scripts.
  const handoff = remixContext.serverHandoffStream;
  remixContext.serverHandoffStream = undefined;
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <StructuredDataProvider value={loadContext.structuredData}>
        {/* Islands are roots of their own where the build has their script (components/document/island.tsx). */}
        <IslandRendering.Provider value={islandsEntry === null ? null : renderToString}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </IslandRendering.Provider>
      </StructuredDataProvider>
    </NonceProvider>,
  );
  // React's stream began the document with its doctype; a string render leaves it to the caller.
  const html = documentFixes(`<!DOCTYPE html>${markup}${await hydrationData(handoff, remixContext, nonce)}`);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Stored with the page in the edge cache; saving the record outdates every copy (decision 010).
  if (loadContext.robots) responseHeaders.set("X-Robots-Tag", loadContext.robots);
  const staff = areaOf(new URL(request.url).pathname) === "staff";
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV, staff }));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * The scripts that hand Remix's data to the browser, as its `StreamTransfer` writes them: the
 * encoded data into the stream `<Scripts>` opened, then its end. None on a page without scripts.
 */
async function hydrationData(handoff: ReadableStream<Uint8Array> | undefined, remixContext: EntryContext, nonce: string) {
  if (!handoff) return "";
  if (!remixContext.renderMeta?.didRenderScripts) {
    await handoff.cancel();
    return "";
  }
  const data = await new Response(handoff).text();
  const script = (code: string) => `<script nonce="${nonce}">${code}</script>`;
  return (
    (data ? script(`window.__remixContext.streamController.enqueue(${jsonForScript(data)});`) : "") +
    script("window.__remixContext.streamController.close();")
  );
}
