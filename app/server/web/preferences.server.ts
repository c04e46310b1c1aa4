import { redirect } from "@remix-run/cloudflare";
import { parse as parseCookies, serialize } from "cookie";
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
  SEEN_ALERTS_COOKIE,
  withoutConsentParam,
} from "~/lib/preferences";
import { localPath } from "~/server/base/redirects.server";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * These cookies are written by the browser too (browser-cookie.ts, js-cookie), so they are plain,
 * URL-encoded values rather than Remix's signed base64 cookies, and not HttpOnly. The first of
 * two cookies with one name counts; a value the browser mangled is kept as sent and then fails
 * the checks below.
 */
function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookies(request.headers.get("Cookie") ?? "");
}

function serializeCookie(request: Request, name: string, value: string, maxAgeSeconds?: number): string {
  return serialize(name, value, {
    path: "/",
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    ...(maxAgeSeconds === undefined
      ? {}
      : { maxAge: maxAgeSeconds, expires: new Date(Date.now() + maxAgeSeconds * 1000) }),
  });
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
  const theme = cookies[THEME_COOKIE];
  return {
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    consent: parseConsent(cookies[CONSENT_COOKIE]),
    external: cookies[EXTERNAL_COOKIE] === "true",
    seenAlerts: cookies[SEEN_ALERTS_COOKIE] ?? null,
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
  return serializeCookie(request, SEEN_ALERTS_COOKIE, key, undefined);
}

/** Post/Redirect/Get for the preference forms that work without JavaScript. */
export function redirectBack(form: FormData, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // Back to the page the form was on, without the parameter that opened the consent dialog.
  return redirect(withoutConsentParam(localPath(form.get("redirectTo")) ?? "/"), { status: 303, headers });
}
