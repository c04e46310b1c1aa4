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

/**
 * SPEC §2's timeline. On a phone each entry folds to its month and title (a native <details>, so
 * it opens without JavaScript), as the service cards do: the page stays short with real content
 * (issue 39). From 760 px every entry stands open and its title is no control (home.css).
 */
export function Timeline() {
  return (
    <HomeSection headingId="werkstattjahr-title" title="Unser Werkstattjahr">
      <ol className="timeline">
        {ENTRIES.map(({ month, title, text, download }) => (
          <li key={title} className="timeline__entry">
            <p className="timeline__month">{month}</p>
            <details className="timeline__card">
              <summary className="timeline__summary">
                <h3 className="timeline__title">{title}</h3>
              </summary>
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
            </details>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
