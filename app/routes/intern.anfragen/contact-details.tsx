import { CONTACT_CHANNEL_LABELS } from "~/lib/enquiry";
import { telHref } from "~/lib/phone";
import { replySubject } from "~/lib/reply-links";
import type { ShownEnquiry } from "./shown-enquiry";

/** Who asked and how to reach them, compact: only what the customer gave; the phone and the address (with the subject) as links. */
export function ContactDetails({ enquiry }: { enquiry: ShownEnquiry }) {
  const rows: [string, React.ReactNode][] = [
    ["Name", enquiry.name],
    ["Telefon", enquiry.phone ? <a href={telHref(enquiry.phone)}>{enquiry.phone}</a> : null],
    ["E-Mail", enquiry.email ? <a href={`mailto:${enquiry.email}?subject=${encodeURIComponent(replySubject(enquiry.reference))}`}>{enquiry.email}</a> : null],
    ["Worum geht es?", enquiry.topic],
    ["Fahrzeug", enquiry.vehicle || null],
    ["Schaden", enquiry.damage.length > 0 ? enquiry.damage.join(", ") : null],
    ["Antwort per", enquiry.contactBy ? CONTACT_CHANNEL_LABELS[enquiry.contactBy] : null],
    ["Erreichbar", enquiry.reachable || null],
    ["Wunschtermin", enquiry.preferredDay],
    ["Eingegangen", enquiry.received],
    ["Zuletzt geändert", enquiry.changed],
  ];
  return (
    <section className="job-card__section" aria-labelledby="kontakt-titel">
      <h2 id="kontakt-titel" className="job-card__heading">
        Angaben
      </h2>
      <dl className="enquiry-facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
