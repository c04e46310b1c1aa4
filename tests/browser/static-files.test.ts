import { expect, it } from "vitest";
import { baseURL } from "./browser";

/*
 * Static files are served before the worker runs (wrangler's assets, public/_headers), which the
 * workerd tests do not reach: these go to the real local server.
 */

it("gives every static SVG a CSP of its own that loads and runs nothing (issue 37)", async () => {
  for (const path of ["/favicon.svg", "/logo.svg", "/platzhalter.svg"]) {
    const response = await fetch(new URL(path, baseURL()));
    expect(response.status, path).toBe(200);
    expect(response.headers.get("Content-Type"), path).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Content-Security-Policy"), path).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    await response.arrayBuffer();
  }
  // Other files keep the general one.
  const icon = await fetch(new URL("/favicon.ico", baseURL()));
  expect(icon.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
});

it("answers 404 for a script that is not there, never the home page (issue 37)", async () => {
  const response = await fetch(new URL("/assets/gibt-es-nicht.js", baseURL()), { redirect: "manual" });
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("Diese Datei gibt es nicht.");
});
