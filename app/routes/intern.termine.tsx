import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AppointmentList } from "~/components/staff/appointment-list";
import { addDays, formatDay, workshopDate } from "~/lib/dates";
import { APPOINTMENT_WEEKS_SHOWN } from "~/lib/enquiry-progress";
import { weekdayLabel } from "~/lib/open-status";
import { staffPageMeta } from "~/lib/seo";
import { PATHS } from "~/lib/site-areas";
import { bookedDays } from "~/server/entities/job/appointments.server";
import { shownAppointment } from "~/server/web/job-view.server";
import { requireStaffForPage } from "~/server/web/staff-session.server";
import stepStyles from "~/styles/enquiry-steps.css?url";

export const meta: MetaFunction = () => staffPageMeta("Termine");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stepStyles }];

/** The drop-offs customers chose, from this week's Monday over the next weeks, by day (decision 021). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffForPage(request, context);
  const today = workshopDate(new Date());
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const days = await bookedDays(context.db, monday, APPOINTMENT_WEEKS_SHOWN * 7);
  return {
    until: formatDay(addDays(monday, APPOINTMENT_WEEKS_SHOWN * 7 - 1)),
    days: days.map(({ date, appointments }) => ({
      date,
      title: `${weekdayLabel(date)}, ${formatDay(date)}`,
      today: date === today,
      appointments: appointments.map(shownAppointment),
    })),
  };
}

export default function Appointments() {
  const { days, until } = useLoaderData<typeof loader>();
  return (
    <div className="staff-page">
      <h1>Termine</h1>
      <p className="staff-intro">
        Wann welches Fahrzeug gebracht wird: die Termine, die Kundinnen und Kunden gewählt haben, von dieser Woche bis {until}.
        Vorschläge macht ihr in der jeweiligen <Link to={PATHS.staffEnquiries}>Anfrage</Link>.
      </p>
      {days.length === 0 ? (
        <p className="staff-list__empty">Keine Termine in diesen Wochen.</p>
      ) : (
        <ol className="appointment-days">
          {days.map((day) => (
            <li key={day.date} className={`appointment-day${day.today ? " appointment-day--today" : ""}`}>
              <h2>{day.title}</h2>
              <AppointmentList appointments={day.appointments} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
