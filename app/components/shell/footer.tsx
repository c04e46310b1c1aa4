import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { OpenStatus } from "~/lib/open-status";
import { dayForVisitors, type OpeningHours, WEEKDAYS } from "~/lib/opening-hours";
import { consentSettingsHref, type Theme } from "~/lib/preferences";
import { BRAND_TITLE, type BusinessRecord, socialLinks } from "~/lib/business";
import { telHref } from "~/lib/phone";
import { useHydrated } from "~/components/use-hydrated";
import { useBusiness } from "./business";
import { MapFrame } from "./map-frame";
import { OpenStatusLine } from "./open-status-line";
import { useShell } from "./shell-state";
import { ThemeSwitch } from "./theme-switch";

const FOOTER_MAP_HEIGHT = 400;
/** SPEC §2: the copyright line is for 2025. */
const COPYRIGHT_YEAR = 2025;

export function OpeningHoursList({ hours }: { hours: OpeningHours }) {
  return (
    <dl className="hours">
      {WEEKDAYS.map(({ key, label }) => {
        const day = dayForVisitors(hours[key]);
        return (
          <div key={key} className="hours__row">
            <dt>{label}</dt>
            <dd className={day.times ? "hours__times" : undefined}>{day.text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Withdrawing consent is as easy as giving it: this reopens the consent dialog. */
function ConsentSettingsLink() {
  const hydrated = useHydrated();
  const { setConsentView } = useShell();
  const { pathname, search } = useLocation();

  if (hydrated) {
    return (
      <button type="button" className="link-button" onClick={() => setConsentView("erste")}>
        Cookie-Einstellungen
      </button>
    );
  }
  return (
    <a href={consentSettingsHref(pathname, search)} rel="nofollow">
      Cookie-Einstellungen
    </a>
  );
}

/** What the footer shows under "Öffnungszeiten": the status line, the special entries of the next days, the week. */
export interface FooterOpening {
  hours: OpeningHours;
  status: OpenStatus | null;
  /** ISO instant when the status line next reads differently. */
  statusChangesAt: string | null;
  upcoming: string[];
}

/** "Öffnungszeiten": the status line, the special entries of the next days and the week; in the footer, or on the contact page. */
export function OpeningHoursSection({
  className,
  headingId,
  opening,
}: {
  className: string;
  headingId: string;
  opening: FooterOpening | null | undefined;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>Öffnungszeiten</h2>
      {opening ? <OpeningOverview opening={opening} /> : null}
    </section>
  );
}

function OpeningOverview({ opening }: { opening: FooterOpening }) {
  return (
    <>
      <OpenStatusLine status={opening.status} />
      {opening.upcoming.length > 0 ? (
        <ul className="hours-special" aria-label="Sonderzeiten">
          {opening.upcoming.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <OpeningHoursList hours={opening.hours} />
    </>
  );
}

/**
 * A visitor who stays (or browses within the app, which keeps the shell's data) still sees
 * the right line: the data is fetched again once the status changes.
 */
function useRefreshAt(instant: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!instant) return;
    // A second later, so the server's clock is surely past the change.
    const timer = setTimeout(revalidate, Math.max(0, Date.parse(instant) - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [instant, revalidate]);
}

/** Name, street and town: the first lines of the workshop's address wherever it stands. */
export function PostalLines({ business }: { business: BusinessRecord }) {
  return (
    <>
      {business.name}
      <br />
      {business.street}
      <br />
      {business.postalCode} {business.city}
    </>
  );
}

/** The workshop's address block: name, street, town, phone and e-mail as links. */
export function ContactAddress({ business, className }: { business: BusinessRecord; className?: string }) {
  return (
    <address className={className}>
      <PostalLines business={business} />
      <br />
      Tel.: <a href={telHref(business.phone)}>{business.phone}</a>
      <br />
      E-Mail: <a href={`mailto:${business.email}`}>{business.email}</a>
    </address>
  );
}

function SocialIcon({ label }: { label: string }) {
  const icon = { width: 22, height: 22, viewBox: "0 0 24 24", "aria-hidden": true, focusable: false } as const;
  if (label === "Instagram") {
    return (
      <svg {...icon}>
        <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
      </svg>
    );
  }
  if (label === "Facebook") {
    return (
      <svg {...icon}>
        <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...icon}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** "Folgen Sie uns": the profiles staff filled in, each a plain link (nothing loads from those services). */
export function SocialLinkList({ business }: { business: BusinessRecord }) {
  return (
    <ul className="social-links">
      {socialLinks(business).map((link) => (
        <li key={link.label}>
          <a href={link.url} className="social-link" rel="noopener noreferrer">
            <SocialIcon label={link.label} />
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer({
  opening,
  theme,
  withContact,
}: {
  opening: FooterOpening | null;
  theme: Theme;
  /** False on the contact page, which shows hours, contact, social link and map itself. */
  withContact: boolean;
}) {
  const business = useBusiness();
  useRefreshAt(opening?.statusChangesAt ?? null);
  return (
    <footer className="footer">
      {withContact && business ? (
        <div className="footer__grid">
          <OpeningHoursSection className="footer__hours" headingId="footer-oeffnungszeiten" opening={opening} />
          <section className="footer__contact" aria-labelledby="footer-kontakt">
            <h2 id="footer-kontakt">Kontakt</h2>
            <ContactAddress business={business} />
          </section>
          {socialLinks(business).length > 0 ? (
            <section className="footer__social" aria-labelledby="footer-social">
              <h2 id="footer-social">Folgen Sie uns</h2>
              <SocialLinkList business={business} />
            </section>
          ) : null}
          <section className="footer__map" aria-labelledby="footer-standort">
            <h2 id="footer-standort">Standort</h2>
            <MapFrame height={FOOTER_MAP_HEIGHT} />
          </section>
        </div>
      ) : null}
      <div className="footer__bottom">
        <Link to="/impressum" className="footer__brand">
          {BRAND_TITLE} / Autosattlerei
        </Link>
        <nav aria-label="Rechtliches" className="footer__legal">
          <Link to="/impressum">Impressum &amp; Datenschutz</Link>
          <ConsentSettingsLink />
        </nav>
        <ThemeSwitch theme={theme} />
        <p className="footer__copyright">
          © {COPYRIGHT_YEAR} {business?.name}
        </p>
      </div>
    </footer>
  );
}
