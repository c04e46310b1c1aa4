import { parse, serialize } from "cookie";

/*
 * Every cookie the server reads or writes goes through here: Path=/, SameSite=Lax, and Secure
 * whenever the site is served over HTTPS, so no Set-Cookie forgets it. The visitor's
 * preference cookies are written by the browser too (lib/browser-cookies.ts) with the same
 * attributes; the staff area's cookies are HttpOnly and, where their content matters, signed
 * (entities/site-keys.server.ts).
 */

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** A cookie's value as sent (URL-decoded); the first of two with one name counts. */
export function readCookie(request: Request, name: string): string | undefined {
  return parse(request.headers.get("Cookie") ?? "")[name];
}

export interface CookieOptions {
  /** Without it the cookie ends with the browser session. */
  maxAgeSeconds?: number;
  /** Out of reach of the page's scripts. */
  httpOnly?: boolean;
}

export function writeCookie(request: Request, name: string, value: string, { maxAgeSeconds, httpOnly = false }: CookieOptions = {}): string {
  return serialize(name, value, {
    path: "/",
    sameSite: "lax",
    secure: isHttps(request),
    httpOnly,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds, expires: new Date(Date.now() + maxAgeSeconds * 1000) }),
  });
}

export function clearCookie(request: Request, name: string, options: Pick<CookieOptions, "httpOnly"> = {}): string {
  return writeCookie(request, name, "", { ...options, maxAgeSeconds: 0 });
}

/**
 * The `__Host-` prefix where the browser honours it (HTTPS): such a cookie was set by this very
 * host, never by a sibling subdomain. Plain HTTP (`wrangler dev`) keeps the bare name.
 */
export const hostOnlyName = (request: Request, name: string) => (isHttps(request) ? `__Host-${name}` : name);
