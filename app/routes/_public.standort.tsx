import type { StylesHandle } from "~/components/document/inline-styles";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/pages/page-header";
import { OpeningHoursSection } from "~/components/shell/footer";
import { MapFrame } from "~/components/shell/map-frame";
import { pageMeta } from "~/lib/seo";
import { SITE } from "~/lib/site-config";
import type { loader as shellLoader, PublicShellHandle } from "./_public";
import pageStyles from "~/styles/pages.css?inline";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle & PublicShellHandle = { styles: [pageStyles], footerWithoutContact: true };

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Kontakt & Standort",
    description: `So erreichen Sie ${SITE.name}: ${SITE.address.street}, ${SITE.address.postalCode} ${SITE.address.locality}, Telefon ${SITE.phone}, Öffnungszeiten und Anfahrt.`,
    path: "/standort",
  });

export default function Standort() {
  // The shell reads the opening hours for every public page (and refreshes them when the status
  // changes); here they stand in the page, since this page's footer leaves them out.
  const opening = useRouteLoaderData<typeof shellLoader>("routes/_public")?.opening;
  return (
    <div className="page">
      <PageHeader title="Kontakt & Standort">
        Wir beraten Sie gern persönlich in unserer Werkstatt. Am besten vereinbaren Sie vorher einen Termin – dann
        nehmen wir uns Zeit für Sie und Ihr Fahrzeug.
      </PageHeader>
      <div className="page__inner contact">
        <section className="contact__card" aria-labelledby="kontakt-title">
          <h2 id="kontakt-title">Kontakt</h2>
          <address className="contact__address">
            {SITE.name}
            <br />
            {SITE.address.street}
            <br />
            {SITE.address.postalCode} {SITE.address.locality}
          </address>
          <dl className="contact__lines">
            <div>
              <dt>Telefon</dt>
              <dd>
                <a href={`tel:${SITE.phoneHref}`}>{SITE.phone}</a>
              </dd>
            </div>
            <div>
              <dt>E-Mail</dt>
              <dd>
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </dd>
            </div>
            <div>
              <dt>{SITE.social.label}</dt>
              <dd>
                <a href={SITE.social.url} rel="noopener">
                  {SITE.social.url.replace(/^https:\/\/(www\.)?/, "")}
                </a>
              </dd>
            </div>
          </dl>
          <p className="contact__actions">
            <a className="button" href={`tel:${SITE.phoneHref}`}>
              Anrufen
            </a>
            <a className="button button--secondary" href={`mailto:${SITE.email}`}>
              E-Mail schreiben
            </a>
          </p>
        </section>

        <section className="contact__card" aria-labelledby="anfrage-karte-title">
          <h2 id="anfrage-karte-title">Anfrage mit Fotos senden</h2>
          <p>
            Ein Riss im Sitz, ein abgegriffenes Lenkrad? Schicken Sie uns Fotos und eine kurze Beschreibung – wir melden uns
            in der Regel innerhalb eines Werktags mit einer ersten Einschätzung.
          </p>
          <p className="contact__actions">
            <Link className="button" to={PATHS.enquiry}>
              Anfrage mit Fotos senden
            </Link>
          </p>
        </section>

        <OpeningHoursSection className="contact__card" headingId="oeffnungszeiten-title" opening={opening} />

        <section className="contact__map" aria-labelledby="anfahrt-title">
          <h2 id="anfahrt-title">Anfahrt</h2>
          <MapFrame />
        </section>
      </div>
    </div>
  );
}
