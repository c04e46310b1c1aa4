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
  return new Response(body.pipeThrough(closingTagsLast()).pipeThrough(scriptsAfterThePage()), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

const MODULE_PRELOAD = 'rel="modulepreload"';

/**
 * Remix preloads every module of the page with the priority of a blocking script, so on a phone the
 * ~100 KB of JavaScript shares the first round trips with the font and the largest picture, although
 * the server-rendered page needs none of it to show (and works without it). `fetchpriority="low"`
 * lets them follow (decision 011). React leaves the extra attribute alone when it hydrates.
 */
function scriptsAfterThePage(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // The end of what came so far, which could be the start of the next match; shorter than a match.
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = (pending + decoder.decode(chunk, { stream: true })).replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
      const keep = Math.min(text.length, MODULE_PRELOAD.length - 1);
      controller.enqueue(encoder.encode(text.slice(0, text.length - keep)));
      pending = text.slice(text.length - keep);
    },
    flush(controller) {
      const rest = pending + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

const CLOSING_TAGS = "</body></html>";

/**
 * Remix v2 renders its single-fetch data scripts after the document, behind `</html>`.
 * Browsers move them into the body anyway; HTML validators refuse the page. Moving the
 * closing tags to the very end makes the same document valid, without holding back the stream.
 */
function closingTagsLast(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let moved = false;
  // The end of what came so far, which could be the start of the closing tags.
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      if (moved) {
        controller.enqueue(chunk);
        return;
      }
      pending += decoder.decode(chunk, { stream: true });
      const at = pending.indexOf(CLOSING_TAGS);
      if (at >= 0) {
        moved = true;
        controller.enqueue(encoder.encode(pending.slice(0, at) + pending.slice(at + CLOSING_TAGS.length)));
        pending = "";
      } else if (pending.length >= CLOSING_TAGS.length) {
        const keep = CLOSING_TAGS.length - 1;
        controller.enqueue(encoder.encode(pending.slice(0, -keep)));
        pending = pending.slice(-keep);
      }
    },
    flush(controller) {
      const rest = pending + decoder.decode() + (moved ? CLOSING_TAGS : "");
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
