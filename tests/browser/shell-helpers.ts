import type { BrowserContext, Page } from "playwright-core";
import { alertListKey, type CookieConsent } from "~/lib/preferences";
import { apiCall, apiToken, baseURL } from "./browser";

/** The cookie value the site itself writes: URL-encoded JSON. */
export const consentValue = (consent: CookieConsent) => encodeURIComponent(JSON.stringify(consent));

export async function activeAlertKey(): Promise<string> {
  const alerts = (await apiCall("alert/get")) as { id: string }[];
  return alertListKey(alerts.map((alert) => alert.id));
}

/**
 * For tests about something else: a visitor who already chose in the consent dialog and
 * has seen the current alerts, so neither dialog covers the page.
 */
export async function settleShell(context: BrowserContext, { external = false } = {}) {
  const url = baseURL();
  await context.addCookies([
    { name: "cookieConsent", value: consentValue({ essential: true, external }), url },
    { name: "external", value: String(external), url },
    { name: "besucht", value: await activeAlertKey(), url },
  ]);
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((item) => item.name === name);
}

export function decodedConsent(value: string | undefined): unknown {
  return value === undefined ? undefined : JSON.parse(decodeURIComponent(value));
}

/** Every request a page makes, to prove nothing goes to another host. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

export const isOwnOrigin = (url: string) => url.startsWith(baseURL()) || url.startsWith("data:") || url.startsWith("blob:");

/** Creates an alert active right now; returns its id for cleaning up. */
export async function createActiveAlert(title: string, text = "Bitte beachten Sie diesen Hinweis."): Promise<string> {
  const token = await apiToken();
  const now = Date.now();
  const alert = (await apiCall("alert/save", {
    token,
    json: {
      title,
      text,
      fromDate: new Date(now - 60_000).toISOString(),
      toDate: new Date(now + 60 * 60_000).toISOString(),
    },
  })) as { id: string };
  return alert.id;
}

export async function deleteAlerts(ids: string[]) {
  if (ids.length === 0) return;
  const token = await apiToken();
  for (const id of ids) await apiCall("alert/delete", { token, json: { id } });
}

/** A unique, recognisable title per test run. */
export const uniqueTitle = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;
