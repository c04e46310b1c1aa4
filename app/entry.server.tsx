import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { contentSecurityPolicy } from "~/server/security.server";

const ABORT_DELAY = 5000;

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
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
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
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers get the complete document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }));
  return new Response(body.pipeThrough(documentFixes()), { headers: responseHeaders, status: responseStatusCode });
}

const MODULE_PRELOAD = 'rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = `${MODULE_PRELOAD} fetchpriority="low"`;
const CLOSING_TAGS = "</body></html>";
/** Shorter than either pattern: what is held back of the text so far may be the start of one. */
const HELD_BACK = Math.max(MODULE_PRELOAD.length, CLOSING_TAGS.length) - 1;

/**
 * Two fixes to Remix's streamed document, in one pass over its text:
 * - Remix preloads every module of the page with the priority of a blocking script, so on a phone
 *   the ~100 KB of JavaScript shares the first round trips with the font and the largest picture,
 *   although the server-rendered page needs none of it to show (and works without it).
 *   `fetchpriority="low"` lets them follow (decision 011); React leaves the attribute alone.
 * - Remix v2 renders its single-fetch data scripts after the document, behind `</html>`. Browsers
 *   move them into the body anyway; HTML validators refuse the page. Moving the closing tags to the
 *   very end makes the same document valid, without holding back the stream.
 */
function documentFixes(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let moved = false;
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      const decoded = decoder.decode(chunk, { stream: true });
      if (moved) {
        // Only the data scripts follow: nothing left to fix.
        if (decoded) controller.enqueue(encoder.encode(decoded));
        return;
      }
      const text = (pending + decoded).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_PRELOAD);
      const at = text.indexOf(CLOSING_TAGS);
      if (at >= 0) {
        moved = true;
        pending = "";
        controller.enqueue(encoder.encode(text.slice(0, at) + text.slice(at + CLOSING_TAGS.length)));
        return;
      }
      const keep = Math.min(text.length, HELD_BACK);
      if (text.length > keep) controller.enqueue(encoder.encode(text.slice(0, text.length - keep)));
      pending = text.slice(text.length - keep);
    },
    flush(controller) {
      const rest = pending + decoder.decode() + (moved ? CLOSING_TAGS : "");
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
