import { describe, expect, it } from "vitest";
import { documentFixes } from "./document-fixes.server";

// The shape of what Remix streams: preloads, its context script, its module script, the closing
// tags, and the single-fetch data scripts behind them.
const REMIX_DOCUMENT =
  '<!DOCTYPE html><html lang="de"><head><style>body{}</style></head><body><main><p>Hallo</p></main>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/components-B.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script>' +
  '<script nonce="n" type="module" async="">; import * as route0 from "/assets/root-C.js"; import * as route1 from "/assets/_index-D.js"; ' +
  'window.__remixManifest = {"version":"1"}; window.__remixRouteModules = {"root":route0,"routes/_index":route1}; import("/assets/entry.client-A.js");</script>' +
  '</body></html><script nonce="n">window.__remixContext.streamController.close();</script>';

async function fixed(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(documentFixes())).text();
}

describe("documentFixes", () => {
  it("makes the preloads low-priority and inert, imports the modules after the first paint and closes the document last", async () => {
    const html = await fixed([REMIX_DOCUMENT]);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" media="not all" href=/g)).toHaveLength(2);
    expect(html).not.toMatch(/import \* as/);
    const script = /<script nonce="n" type="module" async="">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(script.indexOf("first-contentful-paint")).toBeLessThan(script.indexOf('import("/assets/root-C.js")'));
    expect(script).toContain('Promise.all([import("/assets/root-C.js"), import("/assets/_index-D.js")])');
    expect(script).toContain(".then(([route0, route1]) => {");
    expect(script).toContain('window.__remixRouteModules = {"root":route0,"routes/_index":route1}; import("/assets/entry.client-A.js");');
    expect(html.endsWith("close();</script></body></html>")).toBe(true);
    // What it writes is a valid module: the rewritten script parses.
    expect(() => new Function(script)).not.toThrow();
  });

  it("gives the same document however the stream is cut", async () => {
    const whole = await fixed([REMIX_DOCUMENT]);
    for (let cut = 1; cut < REMIX_DOCUMENT.length; cut++) {
      expect(await fixed([REMIX_DOCUMENT.slice(0, cut), REMIX_DOCUMENT.slice(cut)]), `cut at ${cut}`).toBe(whole);
    }
    const bytes = [...REMIX_DOCUMENT];
    expect(await fixed(bytes)).toBe(whole);
  });
});
