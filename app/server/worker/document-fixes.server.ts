const MODULE_PRELOAD = 'rel="modulepreload"';
/** Low priority, and inert until the page has painted: a `media` that matches nothing keeps it from fetching. */
const DEFERRED_PRELOAD = `${MODULE_PRELOAD} fetchpriority="low" media="not all"`;
/** Remix's one module script (the page's other scripts are classic ones or JSON-LD). */
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const CLOSING_TAGS = "</body></html>";

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
 * Fixes to the document Remix renders:
 * - Remix preloads every module of the page and imports them at once, so on a phone the ~100 KB
 *   of JavaScript shares the first round trips with the font and the largest picture, although
 *   the server-rendered page needs none of it to show (and works without it). The preloads stay
 *   inert and the imports wait until the page has painted (decision 011). React leaves the
 *   attributes alone when it hydrates.
 * - Remix v2 renders its single-fetch data scripts after the document, behind `</html>`. Browsers
 *   move them into the body anyway; HTML validators refuse the page. Moving the closing tags to
 *   the very end makes the same document valid.
 */
export function documentFixes(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  let fixed = "";
  let rest = html;
  if (script) {
    const [whole, open, body, close] = script;
    // The preloads come before the module script; the page's content is left as it is.
    fixed = html.slice(0, script.index).replaceAll(MODULE_PRELOAD, DEFERRED_PRELOAD) + open + importAfterFirstPaint(body) + close;
    rest = html.slice(script.index + whole.length);
  }
  const at = rest.indexOf(CLOSING_TAGS);
  return at < 0 ? fixed + rest : fixed + rest.slice(0, at) + rest.slice(at + CLOSING_TAGS.length) + CLOSING_TAGS;
}
