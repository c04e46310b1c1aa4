import type { ReactNode } from "react";
import type { WorkshopPromise } from "~/lib/business";

/*
 * Line icons drawn for this page, one per promise in SPEC §2's order (results, checked goods,
 * uniqueness, speed); stroke colour follows the text colour of the theme. The words are the
 * business record's, so staff can say them their way.
 */
const ICONS: ReactNode[] = [
  <>
    <circle cx="24" cy="24" r="17" />
    <circle cx="24" cy="24" r="10" />
    <circle cx="24" cy="24" r="3" />
    <path d="M24 3v6M24 39v6M3 24h6M39 24h6" />
  </>,
  <>
    <path d="M24 4 39 10v12c0 10-6.5 17.5-15 21-8.5-3.5-15-11-15-21V10z" />
    <path d="m16.5 24 5 5 10-11" />
  </>,
  <>
    <path d="M12 6h24l8 11-20 25L4 17z" />
    <path d="M4 17h40M18 6l-4 11 10 25 10-25-4-11" />
  </>,
  <>
    <circle cx="24" cy="26" r="17" />
    <path d="M24 15v11l7 5M19 4h10M24 4v5" />
  </>,
];

/**
 * The four promises in a compact 2 × 2 grid, each its icon and title on one line; their
 * sentences stand on the about page ("Unsere Versprechen").
 */
export function FeatureIcons({ promises }: { promises: WorkshopPromise[] }) {
  return (
    <section className="features" aria-labelledby="versprechen-title">
      <h2 id="versprechen-title" className="visually-hidden">
        Was uns auszeichnet
      </h2>
      <ul className="features__list">
        {promises.map(({ title }, index) => (
          <li key={index} className="features__item">
            <svg
              className="features__icon"
              viewBox="0 0 48 48"
              width="32"
              height="32"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              {ICONS[index]}
            </svg>
            <h3 className="features__title">{title}</h3>
          </li>
        ))}
      </ul>
    </section>
  );
}
