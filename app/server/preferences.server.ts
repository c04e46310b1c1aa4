import { redirect } from "@remix-run/cloudflare";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  type CookieConsent,
  DEFAULT_THEME,
  EXTERNAL_COOKIE,
  isTheme,
  parseConsent,
  type Theme,
  THEME_COOKIE,
  THEME_MAX_AGE_DAYS,
  VISITED_COOKIE,
  withoutConsentParam,
} from "~/lib/preferences";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * These cookies are written by the browser too (browser-cookie.ts, js-cookie), so they are plain,
 * URL-encoded values rather than Remix's signed base64 cookies, and not HttpOnly.
 */
function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A value the browser mangled counts as absent.
    }
  }
  return cookies;
}

function serializeCookie(request: Request, name: string, value: string, maxAgeSeconds?: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${maxAgeSeconds}`, `Expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}`);
  }
  if (new URL(request.url).protocol === "https:") parts.push("Secure");
  return parts.join("; ");
}

export interface Preferences {
  theme: Theme;
  /** The visitor's saved choice; null while the consent dialog must still be shown. */
  consent: CookieConsent | null;
  /** SPEC §4: the map shows when the `external` cookie is 'true'. */
  external: boolean;
  /** Key of the alert list this browser session has seen; null on the session's first page view. */
  seenAlerts: string | null;
}

export function readPreferences(request: Request): Preferences {
  const cookies = readCookies(request);
  const theme = cookies.get(THEME_COOKIE);
  return {
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    consent: parseConsent(cookies.get(CONSENT_COOKIE)),
    external: cookies.get(EXTERNAL_COOKIE) === "true",
    seenAlerts: cookies.get(VISITED_COOKIE) ?? null,
  };
}

export function themeCookie(request: Request, theme: Theme): string {
  return serializeCookie(request, THEME_COOKIE, theme, THEME_MAX_AGE_DAYS * DAY_SECONDS);
}

/** Both consent cookies, each for one day (SPEC §9). */
export function consentCookies(request: Request, consent: CookieConsent): string[] {
  return [
    serializeCookie(request, CONSENT_COOKIE, JSON.stringify(consent), CONSENT_MAX_AGE_DAYS * DAY_SECONDS),
    externalCookie(request, consent.external),
  ];
}

export function externalCookie(request: Request, external: boolean): string {
  return serializeCookie(request, EXTERNAL_COOKIE, String(external), CONSENT_MAX_AGE_DAYS * DAY_SECONDS);
}

/** Without a lifetime, so it ends with the browser session. */
export function seenAlertsCookie(request: Request, key: string): string {
  return serializeCookie(request, VISITED_COOKIE, key, undefined);
}

/**
 * Where a preference form returns to: a path on this site only, never another host,
 * and without the parameter that opened the consent dialog.
 */
function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  try {
    const base = "http://localhost";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return withoutConsentParam(url.pathname + url.search);
  } catch {
    return fallback;
  }
}

/** Post/Redirect/Get for the preference forms that work without JavaScript. */
export function redirectBack(form: FormData, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers });
}
