const MODULE_PRELOAD = 'rel="modulepreload"';
/** Low priority, and inert until the page has painted: a `media` that matches nothing keeps it from fetching. */
const DEFERRED_PRELOAD = `${MODULE_PRELOAD} fetchpriority="low" media="not all"`;
/** Remix's one module script (the page's other scripts are classic ones or JSON-LD). */
const MODULE_SCRIPT = 'type="module"';
const CLOSING_TAGS = "</body></html>";
/**
 * Shorter than every pattern: what is held back of the text so far may be the start of one, and
 * can never hold a whole preload that was already made inert (which would then be changed twice).
 */
const HELD_BACK = Math.max(MODULE_PRELOAD.length, MODULE_SCRIPT.length, CLOSING_TAGS.length) - 1;

/**
 * Waits for the first contentful paint (or one frame where the browser does not report paints,
 * and at most 3 s, for a page opened in the background), then lets the preloads fetch.
 */
const AFTER_FIRST_PAINT =
  "new Promise((painted) => {" +
  'if (!PerformanceObserver.supportedEntryTypes?.includes("paint") || performance.getEntriesByName("first-contentful-paint").length) return requestAnimationFrame(() => setTimeout(painted));' +
  'new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted(); } }).observe({ type: "paint" });' +
  "setTimeout(painted, 3000);" +
  "}).then(() => {" +
  "for (const link of document.querySelectorAll(\"link[rel=modulepreload][media]\")) link.removeAttribute(\"media\");";

/**
 * Remix's module script imports the route modules statically, so the browser fetches the whole
 * app before the page has painted. The rewrite imports the same modules once it has, then runs
 * the rest of Remix's script unchanged (the manifest, the route modules, the entry's import).
 * A promise chain rather than top-level await, which the build's oldest browsers lack.
 */
function importAfterFirstPaint(script: string): string {
  const imports = [...script.matchAll(/import \* as (route\d+) from ("[^"]+");/g)];
  const names = imports.map(([, name]) => name).join(", ");
  const sources = imports.map(([, , source]) => `import(${source})`).join(", ");
  const rest = script.replace(/import \* as route\d+ from "[^"]+";/g, "").replace(/^[\s;]*/, "");
  return `${AFTER_FIRST_PAINT} return Promise.all([${sources}]); }).then(([${names}]) => { ${rest} });`;
}

/**
 * Fixes to Remix's streamed document, in one pass over its text:
 * - Remix preloads every module of the page and imports them at once, so on a phone the ~100 KB
 *   of JavaScript shares the first round trips with the font and the largest picture, although
 *   the server-rendered page needs none of it to show (and works without it). The preloads stay
 *   inert and the imports wait until the page has painted (decision 011). React leaves the
 *   attributes alone when it hydrates.
 * - Remix v2 renders its single-fetch data scripts after the document, behind `</html>`. Browsers
 *   move them into the body anyway; HTML validators refuse the page. Moving the closing tags to
 *   the very end makes the same document valid, without holding back the stream.
 */
export function documentFixes(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // Preloads come first, then the module script, then the closing tags and the data scripts.
  let part: "preloads" | "module script" | "rest" = "preloads";
  let moved = false;
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      const emit = (text: string) => {
        if (text) controller.enqueue(encoder.encode(text));
      };
      let text = pending + decoder.decode(chunk, { stream: true });
      pending = "";
      if (moved) {
        // Only the data scripts follow: nothing left to fix.
        emit(text);
        return;
      }
      if (part === "preloads") {
        text = text.replaceAll(MODULE_PRELOAD, DEFERRED_PRELOAD);
        const marker = text.indexOf(MODULE_SCRIPT);
        if (marker >= 0) {
          const tagEnd = text.indexOf(">", marker);
          if (tagEnd < 0) {
            emit(text.slice(0, marker));
            pending = text.slice(marker); // the rest of the tag is still to come
            return;
          }
          emit(text.slice(0, tagEnd + 1));
          text = text.slice(tagEnd + 1);
          part = "module script";
        }
      }
      if (part === "module script") {
        const bodyEnd = text.indexOf("</script>");
        if (bodyEnd < 0) {
          pending = text; // held back until the whole script is here
          return;
        }
        emit(importAfterFirstPaint(text.slice(0, bodyEnd)));
        text = text.slice(bodyEnd);
        part = "rest";
      }
      const at = text.indexOf(CLOSING_TAGS);
      if (at >= 0) {
        moved = true;
        emit(text.slice(0, at) + text.slice(at + CLOSING_TAGS.length));
        return;
      }
      const keep = Math.min(text.length, HELD_BACK);
      emit(text.slice(0, text.length - keep));
      pending = text.slice(text.length - keep);
    },
    flush(controller) {
      const rest = pending + decoder.decode() + (moved ? CLOSING_TAGS : "");
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
