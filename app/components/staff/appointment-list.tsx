import { Link } from "@remix-run/react";
import { staffEnquiryHref } from "~/lib/site-areas";

export interface ShownAppointment {
  slotId: string;
  enquiryId: string;
  /** "09:00" */
  time: string;
  reference: string;
  name: string;
  job: string;
}

/** One day's drop-offs: time, who, which car; each opens its enquiry. */
export function AppointmentList({ appointments }: { appointments: ShownAppointment[] }) {
  return (
    <ul className="appointment-list">
      {appointments.map((appointment) => (
        <li key={appointment.slotId} className="appointment-item">
          <span className="appointment-item__time">{appointment.time}</span>
          <span>
            <Link to={staffEnquiryHref(appointment.enquiryId)} className="appointment-item__link">
              {`${appointment.reference} · ${appointment.name}`}
            </Link>
            <br />
            {appointment.job}
          </span>
        </li>
      ))}
    </ul>
  );
}
