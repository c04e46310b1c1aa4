import { formatAgo, formatDateTime, workshopDate } from "~/lib/dates";
import { todayLine } from "~/lib/open-status";
import { type Database, readTogether } from "~/server/db/client.server";
import { visibleAlertsRead } from "~/server/entities/alerts.server";
import { bookedDays } from "~/server/entities/appointments.server";
import { websiteChangesFor } from "~/server/entities/business.server";
import { listEnquiries } from "~/server/entities/enquiries.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { shownAppointment } from "./enquiry-progress.server";

/** How many new enquiries the start page shows as cards; the banner and the inbox count them all. */
export const START_NEW_ENQUIRIES = 5;

/**
 * What the staff start page shows besides its buttons: today as customers see it (the hours
 * and the notice that is up) with the cars brought in today (decision 021), and the new
 * enquiries as cards. Formatted here, so the page
 * ships no date library.
 */
export async function staffStartOverview(db: Database, now = new Date()) {
  const [waiting, [schedule, visible], [today]] = await Promise.all([
    listEnquiries(db, { status: "neu", startAt: 0, limit: START_NEW_ENQUIRIES }),
    readTogether(db, [scheduleRead(db, now), visibleAlertsRead(db, now)]),
    bookedDays(db, workshopDate(now), 1),
  ]);
  return {
    today: todayLine(schedule, now),
    notices: visible.active.map(({ id, title, toDate }) => ({ id, title, until: formatDateTime(toDate) })),
    appointments: (today?.appointments ?? []).map(shownAppointment),
    enquiries: waiting.map(({ id, reference, name, topic, vehicle, createdAt, photos }) => ({
      id,
      reference,
      name,
      job: [vehicle, topic].filter(Boolean).join(" · "),
      ago: formatAgo(createdAt, now),
      photo: photos[0] ?? null,
      photoCount: photos.length,
    })),
  };
}
export type StaffStartOverview = Awaited<ReturnType<typeof staffStartOverview>>;

/** The changes of the website address this staff member has not dismissed yet, as their start page shows them. */
export async function shownWebsiteChanges(db: Database, userId: number) {
  return (await websiteChangesFor(db, userId)).map(({ id, previous, website, changedBy, changedAt }) => ({
    id,
    previous,
    website,
    changedBy,
    at: formatDateTime(changedAt),
  }));
}
export type ShownWebsiteChange = Awaited<ReturnType<typeof shownWebsiteChanges>>[number];
