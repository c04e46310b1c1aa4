import { HomeSection } from "./home-section";

interface TimelineEntry {
  month: string;
  title: string;
  text: string;
  download?: { href: string; label: string; description: string };
}

/** The workshop's year: what we recommend when. */
const ENTRIES: TimelineEntry[] = [
  {
    month: "März",
    title: "Verdeck-Check zum Saisonstart",
    text: "Wir prüfen Stoff, Nähte, Heckscheibe und Gestänge Ihres Verdecks – ehrlich, ob eine Reparatur reicht.",
  },
  {
    month: "Mai",
    title: "Motorradsitze für die Tourensaison",
    text: "Komfortpolster, Gel-Einlagen und neue Bezüge für lange Ausfahrten.",
  },
  {
    month: "Oktober",
    title: "Leder pflegen vor dem Winter",
    text: "Heizungsluft und Streusalz setzen Leder zu: unsere Pflegeanleitung in wenigen Schritten.",
    download: {
      href: "/downloads/lederpflege.txt",
      label: "Herunterladen",
      description: "Pflegeanleitung für Leder (Textdatei)",
    },
  },
  {
    month: "November",
    title: "Oldtimer-Projekte im Winterlager",
    text: "In der ruhigen Jahreszeit restaurieren wir Interieurs nach Originalvorlage – fragen Sie früh an.",
  },
];

export function Timeline() {
  return (
    <HomeSection headingId="werkstattjahr-title" title="Unser Werkstattjahr">
      <ol className="timeline">
        {ENTRIES.map(({ month, title, text, download }) => (
          <li key={title} className="timeline__entry">
            <p className="timeline__month">{month}</p>
            <div className="timeline__card">
              <h3 className="timeline__title">{title}</h3>
              <p className="timeline__text">{text}</p>
              {download && (
                <a
                  className="button button--secondary timeline__download"
                  href={download.href}
                  download
                  aria-label={`${download.label}: ${download.description}`}
                >
                  {download.label}
                </a>
              )}
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
