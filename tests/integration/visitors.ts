import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { CACHE_STATUS_HEADER } from "~/server/worker/edge-cache.server";
import { BASE } from "./helpers";

/* Visitors of the public pages, as the edge cache sees them: their preference cookies decide what they get. */

export const SETTLED = { consent: '{"essential":true,"external":false}' };

/** A visitor's request with the given preference cookies (consent, theme, seen alerts). */
export function visit(path: string, cookies: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, { headers: cookieHeaders(cookies) });
}

/** A visitor's cookies as the request headers a browser would send. */
export function cookieHeaders(cookies: Record<string, string>): Record<string, string> {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");
  return cookie ? { Cookie: cookie } : {};
}

/** A settled visitor (consent given, current alerts seen), who gets cacheable pages. */
export async function settledVisitor(extra: Record<string, string> = {}) {
  const first = await visit("/about", { cookieConsent: SETTLED.consent, ...extra });
  const seen = /besucht=([^;]*)/.exec(first.headers.get("Set-Cookie") ?? "")?.[1];
  return { cookieConsent: SETTLED.consent, ...(seen ? { besucht: decodeURIComponent(seen) } : {}), ...extra };
}

/** Views a page until the edge cache answers it: the copy is stored after the first view's answer has left. */
export async function cachedView(path: string, cookies: Record<string, string>): Promise<Response> {
  let response: Response | undefined;
  await expect
    .poll(
      async () => {
        response = await visit(path, cookies);
        return response.headers.get(CACHE_STATUS_HEADER);
      },
      { timeout: 20_000 },
    )
    .toBe("HIT");
  return response!;
}

