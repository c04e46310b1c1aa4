import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/pages/page-header";
import { OpeningHoursSection, PostalLines, SocialLinkList } from "~/components/shell/footer";
import { MapFrame } from "~/components/shell/map-frame";
import { pageMeta } from "~/lib/seo";
import { postalAddress, socialLinks, whatsappHref } from "~/lib/business";
import { telHref } from "~/lib/phone";
import { usePageBusiness } from "~/components/shell/business";
import type { loader as shellLoader, PublicShellHandle } from "./_public";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle & PublicShellHandle = { styles: [PAGE_STYLES.pages], footerWithoutContact: true };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, (business) => ({
    title: "Kontakt & Standort",
    description: `So erreichen Sie ${business.name}: ${postalAddress(business)}, Telefon ${business.phone}, Öffnungszeiten und Anfahrt.`,
    path: "/standort",
  }));

export default function Standort() {
  // The shell reads the opening hours for every public page (and refreshes them when the status
  // changes); here they stand in the page, since this page's footer leaves them out.
  const opening = useRouteLoaderData<typeof shellLoader>("routes/_public")?.opening;
  const business = usePageBusiness();
  const phone = telHref(business.phone);
  const chat = whatsappHref(business.whatsapp);
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
            <PostalLines business={business} />
          </address>
          <dl className="contact__lines">
            <div>
              <dt>Telefon</dt>
              <dd>
                <a href={phone}>{business.phone}</a>
              </dd>
            </div>
            {chat ? (
              <div>
                <dt>WhatsApp</dt>
                <dd>
                  <a href={chat} rel="noopener noreferrer">
                    {business.whatsapp}
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>E-Mail</dt>
              <dd>
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </dd>
            </div>
          </dl>
          <p className="contact__actions">
            <a className="button" href={phone}>
              Anrufen
            </a>
            <a className="button button--secondary" href={`mailto:${business.email}`}>
              E-Mail schreiben
            </a>
          </p>
          {socialLinks(business).length > 0 ? (
            <>
              <h3 className="contact__subheading">Folgen Sie uns</h3>
              <SocialLinkList business={business} />
            </>
          ) : null}
          {business.googleReviewUrl ? (
            <p>
              <a href={business.googleReviewUrl} rel="noopener noreferrer" className="standalone-link">
                Bewertung bei Google schreiben
              </a>
            </p>
          ) : null}
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
          {business.directions ? <p className="contact__directions">{business.directions}</p> : null}
          <MapFrame />
        </section>
      </div>
    </div>
  );
}
