import { describe, expect, it } from "vitest";
import { documentFixes } from "./document-fixes.server";

// The shape of what Remix renders: preloads, its context script, its module script, the closing
// tags, and the single-fetch data scripts behind them.
const REMIX_DOCUMENT =
  '<!DOCTYPE html><html lang="de"><head><style>body{}</style></head><body><main><p>Hallo</p></main>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/components-B.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script>' +
  '<script nonce="n" type="module" async="">; import * as route0 from "/assets/root-C.js"; import * as route1 from "/assets/_index-D.js"; ' +
  'window.__remixManifest = {"version":"1"}; window.__remixRouteModules = {"root":route0,"routes/_index":route1}; import("/assets/entry.client-A.js");</script>' +
  '</body></html><script nonce="n">window.__remixContext.streamController.close();</script>';

describe("documentFixes", () => {
  it("makes the preloads low-priority and inert, imports the modules after the first paint and closes the document last", () => {
    const html = documentFixes(REMIX_DOCUMENT);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" media="not all" href=/g)).toHaveLength(2);
    expect(html).not.toMatch(/import \* as/);
    const script = /<script nonce="n" type="module" async="">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(script.indexOf("first-contentful-paint")).toBeLessThan(script.indexOf('import("/assets/root-C.js")'));
    expect(script).toContain('Promise.all([import("/assets/root-C.js"), import("/assets/_index-D.js")])');
    expect(script).toContain(".then(([route0, route1]) => {");
    expect(script).toContain('window.__remixRouteModules = {"root":route0,"routes/_index":route1}; import("/assets/entry.client-A.js");');
    expect(html.endsWith("close();</script></body></html>")).toBe(true);
    expect(html.match(/<\/body><\/html>/g)).toHaveLength(1);
    // What it writes is a valid module: the rewritten script parses.
    expect(() => new Function(script)).not.toThrow();
  });

  it("leaves the page's own content alone", () => {
    // A news text that quotes the markup: after the module script, nothing is rewritten.
    const text = '<p>rel="modulepreload" type="module"</p>';
    const html = documentFixes(REMIX_DOCUMENT.replace("</body></html>", `${text}</body></html>`));
    expect(html).toContain(`${text}<script nonce="n">window.__remixContext.streamController.close();</script></body></html>`);
  });

  it("still closes a document without scripts last, and changes nothing else", () => {
    const page = '<!DOCTYPE html><html><body><p>Fehler</p></body></html><script>late()</script>';
    expect(documentFixes(page)).toBe('<!DOCTYPE html><html><body><p>Fehler</p><script>late()</script></body></html>');
    expect(documentFixes("<p>ohne Abschluss</p>")).toBe("<p>ohne Abschluss</p>");
  });
});
