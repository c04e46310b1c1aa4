import type { ReactNode } from "react";

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

// Line icons drawn for this page; stroke colour follows the text colour of the theme.
const FEATURES: Feature[] = [
  {
    title: "Ergebnisorientiert",
    text: "Wir arbeiten, bis Passform, Spannung und Nahtbild stimmen – nicht bis die Uhr abläuft.",
    icon: (
      <>
        <circle cx="24" cy="24" r="17" />
        <circle cx="24" cy="24" r="10" />
        <circle cx="24" cy="24" r="3" />
        <path d="M24 3v6M24 39v6M3 24h6M39 24h6" />
      </>
    ),
  },
  {
    title: "Geprüfte Ware",
    text: "Leder und Stoffe für den Fahrzeuginnenraum, vor dem Zuschnitt Stück für Stück geprüft.",
    icon: (
      <>
        <path d="M24 4 39 10v12c0 10-6.5 17.5-15 21-8.5-3.5-15-11-15-21V10z" />
        <path d="m16.5 24 5 5 10-11" />
      </>
    ),
  },
  {
    title: "Einzigartigkeit",
    text: "Farbe, Naht, Steppung und Prägung nach Ihren Wünschen – jedes Stück ein Einzelstück.",
    icon: (
      <>
        <path d="M12 6h24l8 11-20 25L4 17z" />
        <path d="M4 17h40M18 6l-4 11 10 25 10-25-4-11" />
      </>
    ),
  },
  {
    title: "Schnelle Umsetzung",
    text: "Eigene Werkstatt, kurze Wege und verlässliche Termine – vieles ist in wenigen Tagen fertig.",
    icon: (
      <>
        <circle cx="24" cy="26" r="17" />
        <path d="M24 15v11l7 5M19 4h10M24 4v5" />
      </>
    ),
  },
];

export function FeatureIcons() {
  return (
    <section className="features" aria-label="Was uns auszeichnet">
      <ul className="features__list">
        {FEATURES.map(({ title, text, icon }) => (
          <li key={title} className="features__item">
            <svg
              className="features__icon"
              viewBox="0 0 48 48"
              width="56"
              height="56"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              {icon}
            </svg>
            <h2 className="features__title">{title}</h2>
            <p className="features__text">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
