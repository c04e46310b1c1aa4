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
  SEEN_ALERTS_COOKIE,
  withoutConsentParam,
} from "~/lib/preferences";
import { localPath } from "~/server/base/redirects.server";
import { readCookie, writeCookie } from "~/server/web/cookies.server";

const DAY_SECONDS = 24 * 60 * 60;

/*
 * These cookies are written by the browser too (lib/browser-cookies.ts, js-cookie), so they are
 * plain, URL-encoded values, not HttpOnly and not signed; a value the browser mangled fails the
 * checks below and counts as absent.
 */

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
  const theme = readCookie(request, THEME_COOKIE);
  return {
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    consent: parseConsent(readCookie(request, CONSENT_COOKIE)),
    external: readCookie(request, EXTERNAL_COOKIE) === "true",
    seenAlerts: readCookie(request, SEEN_ALERTS_COOKIE) ?? null,
  };
}

export function themeCookie(request: Request, theme: Theme): string {
  return writeCookie(request, THEME_COOKIE, theme, { maxAgeSeconds: THEME_MAX_AGE_DAYS * DAY_SECONDS });
}

/** Both consent cookies, each for one day (SPEC §9). */
export function consentCookies(request: Request, consent: CookieConsent): string[] {
  return [
    writeCookie(request, CONSENT_COOKIE, JSON.stringify(consent), { maxAgeSeconds: CONSENT_MAX_AGE_DAYS * DAY_SECONDS }),
    externalCookie(request, consent.external),
  ];
}

export function externalCookie(request: Request, external: boolean): string {
  return writeCookie(request, EXTERNAL_COOKIE, String(external), { maxAgeSeconds: CONSENT_MAX_AGE_DAYS * DAY_SECONDS });
}

/** Without a lifetime, so it ends with the browser session. */
export function seenAlertsCookie(request: Request, key: string): string {
  return writeCookie(request, SEEN_ALERTS_COOKIE, key);
}

/** Post/Redirect/Get for the preference forms that work without JavaScript. */
export function redirectBack(form: FormData, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // Back to the page the form was on, without the parameter that opened the consent dialog.
  return redirect(withoutConsentParam(localPath(form.get("redirectTo")) ?? "/"), { status: 303, headers });
}
