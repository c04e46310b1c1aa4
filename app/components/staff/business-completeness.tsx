import { Link } from "@remix-run/react";
import { businessFieldId } from "~/lib/business";
import { PATHS } from "~/lib/site-areas";

/**
 * "Betriebsdaten vervollständigen": the fields the Impressum still needs (empty, or the demo's
 * stand-in), each a link to its field on /intern/betrieb. Shown on the staff start page and at
 * the top of the Betrieb page until nothing is missing, so a half-filled Impressum never goes
 * unnoticed (decision 020).
 */
export function BusinessCompleteness({ missing }: { missing: { key: string; label: string }[] }) {
  if (missing.length === 0) return null;
  return (
    <section className="business-gaps" aria-labelledby="betriebsdaten-fehlen">
      <h2 id="betriebsdaten-fehlen">Betriebsdaten vervollständigen</h2>
      <p>Diese Angaben braucht das Impressum, bevor die Website für Kunden online geht:</p>
      <ul className="business-gaps__list">
        {missing.map(({ key, label }) => (
          <li key={key}>
            <Link to={`${PATHS.staffBusiness}#${businessFieldId(key)}`}>{label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
