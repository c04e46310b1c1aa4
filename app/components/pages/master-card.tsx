import type { Business } from "~/server/entities/business.server";
import { ReferencePicture } from "./reference-picture";

/**
 * The master in person on the about page: the portrait staff uploaded, name and title as in the
 * master certificate, the founding year and a few sentences in the master's own words. Parts
 * staff left empty are left out, never shown as an empty line.
 */
export function MasterCard({ business }: { business: Business }) {
  const { portrait, owner, masterTitle, foundedYear, masterText } = business;
  return (
    <figure className={portrait ? "master-card master-card--portrait" : "master-card"}>
      {portrait ? (
        // Wrapped: the <picture>'s <source> elements would otherwise take cells of the grid.
        <div>
          <ReferencePicture
            picture={portrait}
            className="master-card__portrait"
            sizes="(min-width: 600px) 240px, 160px"
            width={240}
            height={300}
            loading="lazy"
            alt={`${owner}, ${masterTitle}`}
          />
        </div>
      ) : null}
      <figcaption className="master-card__text">
        {masterText ? <blockquote className="master-card__quote">{masterText}</blockquote> : null}
        <p className="master-card__name">
          <strong>{owner}</strong>
          <br />
          {masterTitle}
          {foundedYear !== null ? (
            <>
              <br />
              Gegründet {foundedYear}
            </>
          ) : null}
        </p>
      </figcaption>
    </figure>
  );
}
