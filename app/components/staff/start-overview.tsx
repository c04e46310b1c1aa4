import { Link } from "@remix-run/react";
import { EnquiryThumbnail } from "~/components/enquiry/enquiry-thumbnail";
import { AppointmentList } from "~/components/staff/appointment-list";
import { PATHS, staffEnquiryHref } from "~/lib/site-areas";
import type { StaffStartOverview } from "~/server/web/staff-start.server";

type StartEnquiry = StaffStartOverview["enquiries"][number];

/** Enquiries as cards a thumb hits: photo, name, the job, its number and age, or what the customer answered. */
function StartEnquiries({ title, titleId, items }: { title: string; titleId: string; items: StartEnquiry[] }) {
  if (items.length === 0) return null;
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul className="start-enquiries">
        {items.map((enquiry) => (
          <li key={enquiry.id}>
            <Link to={staffEnquiryHref(enquiry.id)} className="start-enquiry">
              {enquiry.photo ? <EnquiryThumbnail photo={enquiry.photo} alt="" size={80} /> : <span className="start-enquiry__no-photo" aria-hidden="true" />}
              <span className="start-enquiry__text">
                <span className="start-enquiry__name">{enquiry.name}</span>
                <span>{enquiry.job}</span>
                <span className="start-enquiry__meta">
                  {enquiry.reference} · {enquiry.ago}
                  {enquiry.photoCount > 0 ? ` · ${enquiry.photoCount === 1 ? "1 Foto" : `${enquiry.photoCount} Fotos`}` : ""}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The start page's "Heute" (hours, the notice that is up, the cars brought in today), then the customers who answered and the new enquiries as cards. */
export function StartOverview({ overview }: { overview: StaffStartOverview }) {
  return (
    <>
      <section className="staff-section start-today" aria-labelledby="heute-titel">
        <h2 id="heute-titel">Heute</h2>
        <p className="start-today__hours">
          <Link to={PATHS.staffOpening}>{overview.today}</Link>
        </p>
        {overview.notices.length > 0 ? (
          <ul className="start-today__notices">
            {overview.notices.map((notice) => (
              <li key={notice.id}>
                <Link to={PATHS.staffAlerts}>Hinweis: {notice.title}</Link> <span className="start-today__until">bis {notice.until}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="start-today__none">Kein wichtiger Hinweis aktiv.</p>
        )}
        {overview.appointments.length > 0 ? (
          <>
            <h3 className="start-today__heading">Heute gebracht</h3>
            <AppointmentList appointments={overview.appointments} />
          </>
        ) : (
          <p className="start-today__none">Heute bringt niemand ein Fahrzeug.</p>
        )}
        <p>
          <Link to={PATHS.staffAppointments} className="standalone-link">
            Termine
          </Link>{" "}
          <span className="start-today__until">diese und die nächsten Wochen</span>
        </p>
      </section>
      <StartEnquiries titleId="antworten-titel" title="Kunden haben geantwortet" items={overview.answered} />
      <StartEnquiries titleId="neue-anfragen-titel" title="Neue Anfragen" items={overview.enquiries} />
    </>
  );
}
