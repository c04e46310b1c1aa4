import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/components/document/nonce";
import { StructuredDataProvider } from "~/components/document/structured-data";
import { isDatabaseUnavailable } from "~/server/db/retry.server";
import { documentFixes } from "~/server/worker/document-fixes.server";
import { contentSecurityPolicy } from "~/server/worker/security.server";

const ABORT_DELAY = 5000;

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
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <StructuredDataProvider value={loadContext.structuredData}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </StructuredDataProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // The whole document at once, for everyone (docs/decisions/013): no page defers data, so
  // React has rendered all of it by now and only Remix's data scripts are still to come. One
  // string is cheaper to fix, to store in the edge cache and to send than a stream of chunks.
  let html: string;
  try {
    html = documentFixes(await new Response(body).text());
  } finally {
    clearTimeout(timeout);
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
