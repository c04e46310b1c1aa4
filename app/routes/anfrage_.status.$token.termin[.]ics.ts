import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appointmentCalendar } from "~/server/entities/appointment-calendar.server";
import { statusPageRead } from "~/server/entities/enquiry-progress.server";
import { STATUS_LINK_GONE } from "~/server/entities/enquiry-status-links.server";
import { workshopContact } from "~/server/entities/workshop-contact.server";

/**
 * GET /anfrage/status/<token>/termin.ics — the chosen drop-off date as a calendar file, for the
 * status page's "In den Kalender". Private like the page (never cached, `same-origin` referrer).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const read = await statusPageRead(context.db, params.token ?? "");
  if (!read) return new Response(STATUS_LINK_GONE, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { enquiry, progress } = read;
  const chosen = progress.appointment?.chosen;
  if (!chosen || !progress.appointment?.confirmedAt) {
    return new Response("Es ist noch kein Termin gewählt.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const calendar = appointmentCalendar(
    { slotId: chosen.id, startsAt: new Date(chosen.startsAt), confirmedAt: new Date(progress.appointment.confirmedAt), reference: enquiry.reference },
    await workshopContact(context.db),
  );
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="termin-${enquiry.reference}.ics"`,
    },
  });
}
