import { Link } from "@remix-run/react";
import type { Business } from "~/server/entities/business.server";
import { ReferencePicture } from "~/components/pages/reference-picture";
import { reviewsReadUrl } from "~/lib/business";

const CheckIcon = () => (
  <svg className="trust-strip__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * Under the hero: who stands behind the work (the master's portrait, name and title, and the
 * start of his own words beside them with "Mehr über uns", as the record's hint promises) and the
 * short trust marks staff listed, with a link to read the Google reviews when there is one
 * (not the write-a-review form: a visitor who wants to read would land on a form). Everything
 * comes from the business record; parts left empty are left out. Plain links, nothing loads
 * from Google.
 */
export function TrustStrip({ business }: { business: Business }) {
  const { portrait, owner, masterTitle, masterText, trust } = business;
  const reviews = reviewsReadUrl(business);
  return (
    <section className="trust-strip" aria-label="Warum Sie uns vertrauen können">
      <div className="trust-strip__person">
        {portrait ? (
          <ReferencePicture
            picture={portrait}
            className="trust-strip__portrait"
            sizes="64px"
            width={64}
            height={64}
            loading="lazy"
            alt=""
          />
        ) : null}
        <div className="trust-strip__about">
          <p className="trust-strip__name">
            <strong>{owner}</strong>
          </p>
          <p className="trust-strip__more">
            <Link to="/about" className="standalone-link">
              Mehr über uns
            </Link>
          </p>
          <p className="trust-strip__title">{masterTitle}</p>
          {/* Clipped to three lines (home.css): the whole text is on /about. */}
          {masterText ? <p className="trust-strip__words">{masterText}</p> : null}
        </div>
      </div>
      {trust.length > 0 ? (
        <ul className="trust-strip__list">
          {trust.map((item, index) => (
            <li key={index}>
              <CheckIcon />
              {item}
            </li>
          ))}
        </ul>
      ) : null}
      {reviews ? (
        <p className="trust-strip__reviews">
          <a href={reviews} rel="noopener noreferrer" className="standalone-link">
            Bewertungen bei Google
          </a>
        </p>
      ) : null}
    </section>
  );
}
