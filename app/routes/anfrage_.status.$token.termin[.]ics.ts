import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appointmentCalendar } from "~/server/entities/job/appointment-calendar.server";
import { chosenDateHistory } from "~/server/entities/job/appointments.server";
import { statusPageRead } from "~/server/entities/job/enquiry-progress.server";
import { STATUS_LINK_GONE, statusPageUrl } from "~/server/entities/job/enquiry-status-links.server";
import { workshopContact } from "~/server/entities/workshop-contact.server";

const plainText = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /anfrage/status/<token>/termin.ics — the chosen drop-off date as a calendar file, for the
 * status page's "In den Kalender"; once a chosen date is withdrawn and none chosen since, the same
 * entry as cancelled. Private like the page (never cached, `same-origin` referrer).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const read = await statusPageRead(context.db, token);
  if (!read) return plainText(STATUS_LINK_GONE, 404);
  const { enquiry } = read;
  const history = await chosenDateHistory(context.db, enquiry.id);
  const latest = history.at(-1);
  if (!latest) return plainText("Es ist noch kein Termin gewählt.", 404);
  // Each choice is one revision, and so is each withdrawal of a chosen date.
  const revisions = history.flatMap(({ chosenAt, withdrawnAt }) => (withdrawnAt ? [chosenAt, withdrawnAt] : [chosenAt]));
  const contact = await workshopContact(context.db);
  const calendar = appointmentCalendar(
    {
      enquiryId: enquiry.id,
      reference: enquiry.reference,
      startsAt: latest.startsAt,
      cancelled: latest.withdrawnAt !== null,
      sequence: revisions.length - 1,
      createdAt: history[0].chosenAt,
      revisedAt: new Date(Math.max(...revisions.map((instant) => instant.getTime()))),
      statusLink: statusPageUrl(contact.website, token),
    },
    contact,
  );
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="termin-${enquiry.reference}.ics"`,
    },
  });
}
