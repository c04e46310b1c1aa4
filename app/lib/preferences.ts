/**
 * Names and lifetimes of the visitor preferences (SPEC §3), shared by the server, which
 * reads them to render the right page without JavaScript, and the browser, which
 * writes the same cookies when JavaScript runs.
 */
export const THEME_COOKIE = "theme";
export const CONSENT_COOKIE = "cookieConsent";
export const EXTERNAL_COOKIE = "external";
/** Session cookie: which list of active alerts this browser session has already seen. */
export const SEEN_ALERTS_COOKIE = "besucht";

export const THEME_STORAGE_KEY = "theme";
export const CONSENT_STORAGE_KEY = "cookieConsent";
export const SEEN_ALERTS_STORAGE_KEY = "visited";

export const CONSENT_MAX_AGE_DAYS = 1;
export const THEME_MAX_AGE_DAYS = 365;

/** Query parameter that reopens the consent dialog without JavaScript; `individuell` opens the second one. */
export const CONSENT_SETTINGS_PARAM = "cookie-einstellungen";

export type Theme = "dark" | "light";
export const DEFAULT_THEME: Theme = "dark";

export interface CookieConsent {
  essential: true;
  external: boolean;
}

/** What a consent button means (SPEC §4 cookie banner). */
export type ConsentChoice = "alle" | "essenziell" | "speichern";

export function consentFor(choice: ConsentChoice, checkedExternal: boolean): CookieConsent {
  if (choice === "alle") return { essential: true, external: true };
  if (choice === "essenziell") return { essential: true, external: false };
  return { essential: true, external: checkedExternal };
}

export function isTheme(value: unknown): value is Theme {
  return value === "dark" || value === "light";
}

export function parseConsent(raw: string | undefined | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { essential, external } = value as Record<string, unknown>;
    if (essential !== true || typeof external !== "boolean") return null;
    return { essential: true, external };
  } catch {
    return null;
  }
}

/** A short fingerprint of the active alerts, so a changed list shows the popup again. */
export function alertListKey(ids: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...ids].sort().join("|")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${ids.length}-${(hash >>> 0).toString(36)}`;
}

/** Removes the consent-dialog parameter so a choice returns to the page itself. */
export function withoutConsentParam(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, "http://localhost");
  url.searchParams.delete(CONSENT_SETTINGS_PARAM);
  return url.pathname + url.search;
}

/** A link that opens the consent dialog (or its second, individual view) without JavaScript. */
export function consentSettingsHref(pathname: string, search: string, view: "" | "individuell" = ""): string {
  const params = new URLSearchParams(search);
  params.delete(CONSENT_SETTINGS_PARAM);
  const rest = params.toString();
  return `${pathname}?${rest ? `${rest}&` : ""}${CONSENT_SETTINGS_PARAM}${view ? `=${view}` : ""}`;
}
