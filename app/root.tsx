import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import headingFont from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import type { ReactNode } from "react";
import { AlertPopup, type PopupAlerts } from "~/components/shell/alert-popup";
import { CookieConsent } from "~/components/shell/cookie-consent";
import { GeneralErrorBoundary } from "~/components/shell/error-boundary";
import { Footer, type FooterOpening } from "~/components/shell/footer";
import { Navbar } from "~/components/shell/navbar";
import { footerShowsContact, isInternalPath, showsFooter, showsNavbar } from "~/lib/site-areas";
import { type ConsentView, ShellProvider } from "~/components/shell/shell-state";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/components/document/nonce";
import { addDays, workshopDate, workshopInstant } from "~/lib/dates";
import { nextStatusChange, openStatus, type Schedule, upcomingSpecialDays } from "~/lib/open-status";
import { alertListKey, CONSENT_SETTINGS_PARAM, DEFAULT_THEME, THEME_COOKIE, THEME_STORAGE_KEY } from "~/lib/preferences";
import { jsonForScript, localBusinessJsonLd, SITE_TITLE } from "~/lib/seo";
import { SITE } from "~/lib/site-config";
import { type Alert, visibleAlertsRead } from "~/server/entities/alerts.server";
import { readTogether } from "~/server/db/client.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { type Preferences, readPreferences, seenAlertsCookie } from "~/server/web/preferences.server";
import { readToast } from "~/server/web/toast.server";
import { countNewEnquiries } from "~/server/entities/enquiries.server";
import { getStaffUser } from "~/server/web/staff-session.server";
import globalStyles from "~/styles/global.css?inline";
import { InlineStyles } from "~/components/document/inline-styles";

export const links: LinksFunction = () => [
  { rel: "preload", href: headingFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Fallback for pages without their own meta (error pages); every page sets its own via `pageMeta`. */
export const meta: MetaFunction = () => [{ title: `${SITE.name} | ${SITE_TITLE}` }];

/**
 * The popup shows on the session's first page view and whenever the list of active
 * alerts changed since. While the consent dialog is open it waits: the server then does
 * not mark the list as seen, and the browser does so once it shows the popup.
 */
function popupAlerts(
  active: Alert[],
  request: Request,
  preferences: Preferences,
  consentDialogOpen: boolean,
  headers: Headers,
): PopupAlerts | null {
  const key = alertListKey(active.map((alert) => alert.id));
  if (preferences.seenAlerts === key) return null;
  if (!consentDialogOpen) headers.append("Set-Cookie", seenAlertsCookie(request, key));
  if (active.length === 0) return null;
  return { key, items: active.map(({ id, title, text }) => ({ id, title, text })) };
}

/** The footer lists special entries this many days ahead, above the week. */
const FOOTER_SPECIAL_DAYS = 14;

function footerOpening(schedule: Schedule | null, now: Date): FooterOpening | null {
  if (!schedule) return null;
  return {
    hours: schedule.week,
    status: openStatus(schedule, now),
    statusChangesAt: nextStatusChange(schedule, now)?.toISOString() ?? null,
    upcoming: upcomingSpecialDays(schedule, now, FOOTER_SPECIAL_DAYS),
  };
}

/** The shell's records in one round trip to D1; if the database fails, the page still renders without them. */
async function shellRecords(context: LoaderFunctionArgs["context"], withSchedule: boolean, now: Date) {
  try {
    const [visible, schedule] = await readTogether(context.db, [
      visibleAlertsRead(context.db, now),
      ...(withSchedule ? [scheduleRead(context.db, now)] : []),
    ] as const);
    context.pageLifetime.changesAt(visible.changesAt?.getTime());
    return { active: visible.active, schedule: schedule ?? null };
  } catch (error) {
    console.error("Error fetching the shell's alerts and opening hours", error);
    // A page without them must not be kept in the edge cache.
    context.pageLifetime.changesAt(now.getTime());
    return null;
  }
}

/** Only what the shell needs; pages load their own data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const preferences = readPreferences(request);
  const headers = new Headers();
  const consentParam = url.searchParams.get(CONSENT_SETTINGS_PARAM);
  const consentView: ConsentView =
    consentParam === "individuell" ? "individuell" : consentParam !== null || !preferences.consent ? "erste" : "geschlossen";
  const shell = { theme: preferences.theme, consent: preferences.consent, external: preferences.external, consentView };

  if (isInternalPath(url.pathname)) {
    // SPEC §8: toasts belong to the staff area only.
    const { toast, headers: toastHeaders } = await readToast(request);
    new Headers(toastHeaders).forEach((value, name) => headers.append(name, value));
    // The staff navigation's "Anfragen" shows how many are new; only to a signed-in staff member.
    const newEnquiries = (await getStaffUser(request, context)) ? await countNewEnquiries(context.db) : null;
    return data(
      { ...shell, opening: null, alerts: null, toast, structuredData: null, newEnquiries },
      { headers },
    );
  }

  const now = new Date();
  const records = await shellRecords(context, showsFooter(url.pathname), now);
  const schedule = records?.schedule ?? null;
  const alerts = records && popupAlerts(records.active, request, preferences, consentView !== "geschlossen", headers);
  const opening = footerOpening(schedule, now);
  if (opening) {
    // A cached copy must not outlive the open-now line, nor the day (footer and search data look ahead by days).
    context.pageLifetime.changesAt(opening.statusChangesAt ? Date.parse(opening.statusChangesAt) : null);
    context.pageLifetime.changesAt(workshopInstant(addDays(workshopDate(now), 1), "00:00").getTime());
  }
  // Serialized here so the builder stays out of the browser bundle.
  const structuredData = jsonForScript(localBusinessJsonLd(schedule, now));
  return data({ ...shell, opening, alerts, toast: null, structuredData, newEnquiries: null }, { headers });
}

/**
 * The shell's data changes with a form submission (staff saving hours or alerts, a toast
 * after a staff action) or when moving between the public site and the staff area;
 * ordinary page-to-page navigation keeps it, so the footer does not reload each time.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // The footer asks for fresh data when its open-now line changes (a revalidation in place).
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (isInternalPath(nextUrl.pathname)) return true;
  return isInternalPath(currentUrl.pathname) !== isInternalPath(nextUrl.pathname);
};

/** A theme kept only in localStorage (cookie expired) still applies before the first paint. */
const storedThemeScript = `try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if((t==="light"||t==="dark")&&!/(^|; )${THEME_COOKIE}=/.test(document.cookie)){document.documentElement.dataset.theme=t;document.cookie="${THEME_COOKIE}="+t+";path=/;max-age=31536000;samesite=lax"}}catch(e){}`;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? DEFAULT_THEME;
  return (
    <html lang="de" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "light" ? "#fffdf9" : "#1a1412"} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: storedThemeScript }} />
        <Meta />
        <InlineStyles base={globalStyles} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const internal = isInternalPath(pathname);

  return (
    <ShellProvider consent={shell.consent} external={shell.external} initialView={shell.consentView}>
      <a href="#inhalt" className="skip-link">
        Zum Inhalt springen
      </a>
      {internal ? null : <CookieConsent />}
      {showsNavbar(pathname) ? <Navbar /> : null}
      <main id="inhalt" tabIndex={-1}>
        <Outlet />
      </main>
      {showsFooter(pathname) ? (
        <Footer opening={shell.opening} theme={shell.theme} withContact={footerShowsContact(pathname)} />
      ) : null}
      {internal ? <Toaster toast={shell.toast} /> : <AlertPopup alerts={shell.alerts} />}
      {shell.structuredData ? (
        <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: shell.structuredData }} />
      ) : null}
    </ShellProvider>
  );
}

export function ErrorBoundary() {
  return (
    <main id="inhalt" className="error-shell">
      <GeneralErrorBoundary />
    </main>
  );
}
