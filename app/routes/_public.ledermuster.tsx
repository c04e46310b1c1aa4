import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LeatherSwatches } from "~/components/pages/leather-swatches";
import { PageHeader } from "~/components/pages/page-header";
import { pageMeta } from "~/lib/seo";
import { TOPIC_PARAM } from "~/lib/enquiry";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle = { styles: [PAGE_STYLES.pages] };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Ledermuster",
    description:
      "Nappa, Semianilin, Anilin, Alcantara, Kunstleder und Cabrio-Verdeckstoffe: Materialien und Farben für Ihre Fahrzeug-Innenausstattung im Überblick.",
    path: "/ledermuster",
  });

export default function Ledermuster() {
  return (
    <div className="page">
      <PageHeader title="Ledermuster">
        Welches Material passt zu Ihrem Fahrzeug und zu Ihnen? Hier finden Sie die Materialien, die wir am häufigsten
        verarbeiten – mit ihren Eigenschaften und einer Auswahl an Farben.
      </PageHeader>
      <div className="page__inner page-section">
        <LeatherSwatches />
        <aside className="page-note">
          <p>
            Farben am Bildschirm weichen immer etwas vom echten Material ab. In unserer Werkstatt liegen Musterbücher
            mit vielen weiteren Farbtönen und Prägungen bereit – fühlen Sie selbst, welches Material zu Ihnen passt.
          </p>
          <Link to={`${PATHS.enquiry}?${TOPIC_PARAM}=musterberatung`} className="button">
            Termin zur Musterberatung anfragen
          </Link>
        </aside>
      </div>
    </div>
  );
}
