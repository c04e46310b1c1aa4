import { Link, useLocation } from "@remix-run/react";
import { ENQUIRY_PARAM, staffEnquiryHref } from "~/lib/site-areas";

/**
 * "1 neue Anfrage – ansehen" at the top of every staff page while enquiries are "Neu", outside
 * the menu, so a phone shows it without opening anything. It leads to the one waiting longest,
 * and stays away from that enquiry's own page.
 */
export function NewEnquiriesBanner({ count, oldestId }: { count: number | null; oldestId: string | null }) {
  const { search } = useLocation();
  if (!count || !oldestId || new URLSearchParams(search).get(ENQUIRY_PARAM) === oldestId) return null;
  return (
    <p className="new-work-banner">
      <Link to={staffEnquiryHref(oldestId)} className="new-work-banner__link">
        <span>{count === 1 ? "1 neue Anfrage" : `${count} neue Anfragen`}</span> – ansehen
      </Link>
    </p>
  );
}

/**
 * "1 Antwort von S. Hoffmann – ansehen" while customers answered on their status page (a price
 * confirmed, a date chosen, "Keiner passt", a question) and nobody has acted on it since: it
 * leads to the latest one's job card, and stays away from that card itself.
 */
export function CustomerAnswersBanner({ answers }: { answers: { count: number; id: string; name: string } | null }) {
  const { search } = useLocation();
  if (!answers || new URLSearchParams(search).get(ENQUIRY_PARAM) === answers.id) return null;
  return (
    <p className="new-work-banner">
      <Link to={staffEnquiryHref(answers.id)} className="new-work-banner__link">
        <span>{answers.count === 1 ? `1 Antwort von ${answers.name}` : `${answers.count} Antworten von Kunden`}</span> – ansehen
      </Link>
    </p>
  );
}
