import { request } from "node:http";
import { expect, it } from "vitest";
import { baseURL } from "./browser";

/*
 * A GET or HEAD with a body (`curl -X GET …/impressum -d x`, issue 28): no browser and no fetch()
 * sends one, and the Workers runtime cannot build one in a test, so it goes to the real local
 * server over a plain socket. It answered 500 on every page not served from the cache.
 */

function sendWithBody(method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseURL());
    const sent = request(
      { method, hostname: url.hostname, port: url.port, path: url.pathname, headers: { "Content-Type": "text/plain", "Content-Length": "1" } },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on("error", reject);
    sent.end("x");
  });
}

it.each(["GET", "HEAD"])("answers a %s with a body as the page, never with a 500", async (method) => {
  // A query parameter no page reads keeps the view out of the cache's canonical copy: rendered, as the review sent it.
  for (const path of ["/impressum?probe=1", "/standort", "/intern/login"]) {
    expect([200, 400], `${method} ${path}`).toContain(await sendWithBody(method, path));
  }
});
