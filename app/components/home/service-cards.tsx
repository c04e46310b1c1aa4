import { HomeSection } from "./home-section";

interface ServiceCard {
  title: string;
  intro: string;
  points: string[];
}

const CARDS: ServiceCard[] = [
  {
    title: "Arbeitsprozesse",
    intro: "Von der ersten Besichtigung bis zur Übergabe bleibt Ihr Auftrag in einer Hand.",
    points: [
      "Beratung am Fahrzeug mit Material- und Farbmustern",
      "Aufmaß, Schnittmuster und Zuschnitt von Hand",
      "Nähen auf Industrienähmaschinen, Polster nach Bedarf erneuert",
      "Montage, Endkontrolle und Übergabe gemeinsam mit Ihnen",
    ],
  },
  {
    title: "Verwendete Materialien",
    intro: "Wir verarbeiten nur Material, das für den Fahrzeuginnenraum gemacht ist.",
    points: [
      "Nappa-, Semianilin- und Anilinleder",
      "Alcantara und Mikrofaser für Lenkräder und Himmel",
      "Strapazierfähiges Kunstleder für Nutzfahrzeuge und Motorräder",
      "Cabrio-Verdeckstoffe aus Acryl- und Vinylgewebe",
    ],
  },
  {
    title: "Leistungen",
    intro: "Ob Einzelstück oder komplette Innenausstattung – wir übernehmen das ganze Spektrum.",
    points: [
      "Autositze neu beziehen, aufpolstern und reparieren",
      "Lenkräder, Schaltsäcke und Armlehnen",
      "Cabrioverdecke, Himmel und Teppiche",
      "Motorradsitze und Oldtimer-Interieur",
    ],
  },
  {
    title: "Garantien & Qualitätssicherung",
    intro: "Sorgfalt lässt sich prüfen – deshalb kontrollieren wir jedes Werkstück vor der Übergabe.",
    points: [
      "Endkontrolle von Nahtbild, Spannung und Passform",
      "Funktionsprüfung von Sitzheizung, Verstellung und Sensorik",
      "Vorgeschriebene Reißnähte bei Sitzen mit Seitenairbag",
      "Gesetzliche Gewährleistung von zwei Jahren auf unsere Arbeit",
    ],
  },
];

/**
 * The four service cards (SPEC §2) as disclosures: the titles at a glance, each opening to its
 * sentence and points. Native `<details>`, so they open without JavaScript.
 */
export function ServiceCards() {
  return (
    <HomeSection headingId="leistungen-title" title="Unser Handwerk">
      <ul className="service-cards">
        {CARDS.map(({ title, intro, points }) => (
          <li key={title} className="service-card">
            <details className="service-card__details">
              <summary className="service-card__summary">
                <h3 className="service-card__title">{title}</h3>
              </summary>
              <p className="service-card__intro">{intro}</p>
              <ul className="service-card__points">
                {points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
