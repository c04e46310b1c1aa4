import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { MasterCard } from "~/components/pages/master-card";
import { PageHeader } from "~/components/pages/page-header";
import { usePageBusiness } from "~/components/shell/business";
import { pageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { StepList, WORK_STEPS } from "~/components/pages/step-list";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle = { styles: [PAGE_STYLES.pages] };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, (business) => ({
    title: "Über uns & Leistung",
    description: `Unsere Autosattlerei in ${business.city}: Meisterbetrieb für Autositze, Lenkräder, Cabrioverdecke, Motorradsitze, Oldtimer-Restaurierung, Himmel und Teppiche.`,
    path: "/about",
  }));

const SERVICES = [
  {
    title: "Autositze",
    text: "Neu beziehen in Leder, Alcantara oder Stoff, Polster aufbauen, Risse und Brandlöcher reparieren – auch bei Sitzen mit Heizung, Lüftung und Seitenairbag.",
  },
  {
    title: "Lenkräder",
    text: "Abgegriffene Lenkräder beziehen wir in Glattleder, gelochtem Leder oder Alcantara neu, auf Wunsch mit farbiger Naht und Mittenmarkierung.",
  },
  {
    title: "Cabrioverdecke",
    text: "Neue Verdecke aus Acryl- oder Vinylstoff, Heckscheiben einnähen, Nähte und Spannbänder erneuern, Verdeckkästen und Persenninge.",
  },
  {
    title: "Motorradsitze",
    text: "Sitzbänke neu beziehen, umpolstern, tiefer legen oder mit Gel-Einlage bequemer machen – vom Klassiker bis zur Reiseenduro.",
  },
  {
    title: "Oldtimer-Restaurierung",
    text: "Originalgetreue Innenausstattungen nach Muster oder Foto: Sitzbezüge mit Pfeifen, Keder und Biesen, Türtafeln und Kofferraumauskleidungen.",
  },
  {
    title: "Innenausstattung",
    text: "Türverkleidungen, Armlehnen, Mittelkonsolen, Schaltsäcke und Handbremsmanschetten – einzeln oder als abgestimmtes Gesamtpaket.",
  },
  {
    title: "Himmel",
    text: "Durchhängende oder fleckige Dachhimmel bespannen wir neu, auch mit Schiebedach, in Stoff oder Alcantara.",
  },
  {
    title: "Teppiche",
    text: "Passgenaue Bodenteppiche und Fußmatten aus Velours oder Schlinge, mit Einfassung und Absatzschutz.",
  },
];

export default function About() {
  const business = usePageBusiness();
  return (
    <div className="page">
      <PageHeader title="Über uns & Leistung">
        Ein Meisterbetrieb des Sattlerhandwerks in {business.city} – für alle, denen das Innere ihres Fahrzeugs am Herzen
        liegt.
      </PageHeader>

      <section className="page__inner page-section" aria-labelledby="meister-title">
        <h2 id="meister-title">Ihr Meister</h2>
        <MasterCard business={business} />
      </section>

      <section className="page__inner page-section" aria-labelledby="werkstatt-title">
        <h2 id="werkstatt-title">Unsere Werkstatt</h2>
        <div className="prose">
          <p>
            In unserer Werkstatt entsteht alles, was man im Auto berührt: Sitze, Lenkräder, Verkleidungen, Himmel und
            Verdecke. Wir schneiden zu, nähen und polstern selbst – mit Erfahrung aus vielen Fahrzeuggenerationen, vom
            Oldtimer bis zum aktuellen Modell mit Sitzheizung und Airbag.
          </p>
          <p>
            Als Meisterbetrieb arbeiten wir nach den Regeln unseres Handwerks. Das heißt für Sie: ehrliche Beratung, ein
            klarer Preis vor Beginn der Arbeit und ein Ergebnis, das sich sehen und fühlen lässt. Ob ein einzelner Riss
            in der Fahrersitzwange oder eine komplette Innenausstattung nach Ihren Vorstellungen – jeder Auftrag bekommt
            dieselbe Sorgfalt.
          </p>
          <p>
            Gern arbeiten wir auch für Autohäuser, Oldtimer-Restauratoren und Werkstätten, die die Sattlerarbeit in
            erfahrene Hände geben möchten.
          </p>
        </div>
      </section>

      {/* The home page names the four promises in one line each; here they stand with their sentences. */}
      <section className="page__inner page-section" aria-labelledby="versprechen-title">
        <h2 id="versprechen-title">Unsere Versprechen</h2>
        <ul className="service-grid">
          {business.promises.map(({ title, text }, index) => (
            <li key={index} className="service-grid__item">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page__inner page-section" aria-labelledby="leistungen-title">
        <h2 id="leistungen-title">Unsere Leistungen</h2>
        <ul className="service-grid">
          {SERVICES.map(({ title, text }) => (
            <li key={title} className="service-grid__item">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page__inner page-section" aria-labelledby="ablauf-title">
        <h2 id="ablauf-title">So arbeiten wir</h2>
        <StepList steps={WORK_STEPS} />
      </section>

      <section className="page__inner page-section page-cta" aria-labelledby="anfrage-title">
        <h2 id="anfrage-title">Ihr Projekt</h2>
        <p>Erzählen Sie uns, was Sie vorhaben – am besten mit Fotos. Wir beraten Sie gern auch in der Werkstatt.</p>
        <p className="page-cta__actions">
          <Link to={PATHS.enquiry} className="button">
            Anfrage mit Fotos senden
          </Link>
          <Link to="/standort" className="button button--secondary">
            Kontakt aufnehmen
          </Link>
          <Link to="/referenz" className="button button--secondary">
            Referenzen ansehen
          </Link>
          <Link to="/ledermuster" className="button button--secondary">
            Ledermuster
          </Link>
        </p>
      </section>
    </div>
  );
}
