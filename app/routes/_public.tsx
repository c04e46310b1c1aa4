import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, type ShouldRevalidateFunction, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { SpeculationRules } from "~/components/document/speculation-rules";
import { StructuredData } from "~/components/document/structured-data";
import { BusinessProvider } from "~/components/shell/business";
import { AlertPopup, type PopupAlerts } from "~/components/shell/alert-popup";
import { CallBar } from "~/components/shell/call-bar";
import { CookieConsent } from "~/components/shell/cookie-consent";
import { GeneralErrorBoundary } from "~/components/shell/error-boundary";
import { Footer, type FooterOpening } from "~/components/shell/footer";
import { Navbar } from "~/components/shell/navbar";
import { type ConsentView, ShellProvider } from "~/components/shell/shell-state";
import { addDays, workshopDate, workshopInstant } from "~/lib/dates";
import { nextStatusChange, openStatus, type Schedule, upcomingSpecialDays } from "~/lib/open-status";
import { alertListKey, CONSENT_SETTINGS_PARAM, DEFAULT_THEME } from "~/lib/preferences";
import { jsonForScript, localBusinessJsonLd } from "~/lib/seo";
import { isPrivatePage } from "~/lib/site-areas";
import type { loader as rootLoader } from "~/root";
import { readTogether } from "~/server/db/client.server";
import { type Alert, visibleAlertsRead } from "~/server/entities/alerts.server";
import { businessRead } from "~/server/entities/business.server";
import { launchGuardRobots } from "~/server/web/launch-guard.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { type Preferences, readPreferences, seenAlertsCookie } from "~/server/web/preferences.server";

/*
 * The public site's shell (SPEC §2): navigation, footer with opening hours, the consent dialog
 * and the important-information popup around every public page. A pathless layout route, so
 * URLs stay as they are.
 */

/** What a public page's `handle` may say about the shell around it. */
export interface PublicShellHandle {
  /** The page shows contact details, hours and the map itself, so its footer leaves them out (no second map). */
  footerWithoutContact?: boolean;
}

/**
 * The popup shows on the session's first page view and whenever the list of active
 * alerts changed since. While the consent dialog is open it waits: the server then does
 * not mark the list as seen, and the browser does so once it shows the popup. The marker
 * is the same for every visitor of this variant, so it goes out as a shared cookie and the
 * page can still come from the edge cache (decision 010).
 */
function popupAlerts(
  active: Alert[],
  request: Request,
  preferences: Preferences,
  consentDialogOpen: boolean,
  sharedCookies: string[],
): PopupAlerts | null {
  const key = alertListKey(active.map((alert) => alert.id));
  if (preferences.seenAlerts === key) return null;
  if (!consentDialogOpen) sharedCookies.push(seenAlertsCookie(request, key));
  if (active.length === 0) return null;
  return { key, items: active.map(({ id, title, text }) => ({ id, title, text })) };
}

/** The footer lists special entries this many days ahead, above the week. */
const FOOTER_SPECIAL_DAYS = 14;

function footerOpening(schedule: Schedule, now: Date): FooterOpening {
  return {
    hours: schedule.week,
    status: openStatus(schedule, now),
    statusChangesAt: nextStatusChange(schedule, now)?.toISOString() ?? null,
    upcoming: upcomingSpecialDays(schedule, now, FOOTER_SPECIAL_DAYS),
  };
}

/**
 * The shell's records in one round trip to D1: the business record, alerts and hours. A page
 * without the record would show no phone number and no Impressum, so a failed read is the
 * page's error (503 while D1 is unreachable, decision 015) rather than a page without them.
 */
async function shellRecords(context: LoaderFunctionArgs["context"], now: Date) {
  const [business, visible, schedule] = await readTogether(context.db, [
    businessRead(context.db),
    visibleAlertsRead(context.db, now),
    scheduleRead(context.db, now),
  ]);
  context.pageLifetime.changesAt(visible.changesAt?.getTime());
  return { business, active: visible.active, schedule };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const preferences = readPreferences(request);
  const consentParam = url.searchParams.get(CONSENT_SETTINGS_PARAM);
  const consentView: ConsentView =
    consentParam === "individuell" ? "individuell" : consentParam !== null || !preferences.consent ? "erste" : "geschlossen";

  const now = new Date();
  const { business, active, schedule } = await shellRecords(context, now);
  // A status page leads with the customer's price or dates: its notices are a line in "Stand", never a popup over them.
  const alerts = isPrivatePage(url.pathname) ? null : popupAlerts(active, request, preferences, consentView !== "geschlossen", context.sharedCookies);
  const opening = footerOpening(schedule, now);
  context.structuredData = jsonForScript(localBusinessJsonLd(business, schedule, now));
  context.robots = launchGuardRobots(request, business);
  // A cached copy must not outlive the open-now line, nor the day (footer and search data look ahead by days).
  context.pageLifetime.changesAt(opening.statusChangesAt ? Date.parse(opening.statusChangesAt) : null);
  context.pageLifetime.changesAt(workshopInstant(addDays(workshopDate(now), 1), "00:00").getTime());
  return {
    business,
    consent: preferences.consent,
    external: preferences.external,
    consentView,
    opening,
    alerts,
  };
}

/**
 * The shell's data changes with a form submission (a consent choice, the popup's OK) or when
 * the footer's open-now line asks for fresh data (a revalidation in place); ordinary
 * page-to-page navigation keeps it, so the footer does not reload each time.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
};

function usePageHandle(): PublicShellHandle {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle ?? {}) as PublicShellHandle;
}

function PublicShell({ children }: { children: ReactNode }) {
  const shell = useLoaderData<typeof loader>();
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? DEFAULT_THEME;
  const { footerWithoutContact = false } = usePageHandle();
  return (
    <BusinessProvider value={shell.business}>
    <ShellProvider consent={shell.consent} external={shell.external} initialView={shell.consentView}>
      <a href="#inhalt" className="skip-link">
        Zum Inhalt springen
      </a>
      <CookieConsent />
      <Navbar area="public" />
      <main id="inhalt" tabIndex={-1}>
        {children}
      </main>
      <Footer opening={shell.opening} theme={theme} withContact={!footerWithoutContact} />
      <CallBar />
      <AlertPopup alerts={shell.alerts} />
      <StructuredData />
      {shell.consentView === "geschlossen" && shell.alerts === null ? <SpeculationRules /> : null}
    </ShellProvider>
    </BusinessProvider>
  );
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** The public layout's own loader failed: the error with the navigation, without the shell's records. */
export function ErrorBoundary() {
  return (
    <>
      <Navbar area="public" />
      <main id="inhalt" tabIndex={-1}>
        <GeneralErrorBoundary />
      </main>
    </>
  );
}
