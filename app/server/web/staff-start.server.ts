import { formatAgo, formatDateTime, workshopDate } from "~/lib/dates";
import { todayLine } from "~/lib/open-status";
import { type Database, readTogether } from "~/server/db/client.server";
import { visibleAlertsRead } from "~/server/entities/alerts.server";
import { bookedDays } from "~/server/entities/job/appointments.server";
import { websiteChangesFor } from "~/server/entities/business.server";
import { type Enquiry, listEnquiries } from "~/server/entities/job/enquiries.server";
import { answeredJobs } from "~/server/entities/job/job-flow.server";
import { scheduleRead } from "~/server/entities/opening-hours.server";
import { shownAppointment } from "./job-view.server";

/** How many new enquiries the start page shows as cards; the banner and the inbox count them all. */
export const START_NEW_ENQUIRIES = 5;

/** An enquiry as a start page card, aged from `since`. */
const startCard = ({ id, reference, name, topic, vehicle, photos }: Enquiry, since: string, now: Date) => ({
  id,
  reference,
  name,
  job: [vehicle, topic].filter(Boolean).join(" · "),
  ago: formatAgo(since, now),
  photo: photos[0] ?? null,
  photoCount: photos.length,
});

/**
 * What the staff start page shows besides its buttons: today as customers see it (the hours
 * and the notice that is up) with the cars brought in today (decision 021), and the new
 * enquiries as cards. Formatted here, so the page
 * ships no date library.
 */
export async function staffStartOverview(db: Database, now = new Date()) {
  const [waiting, answered, [schedule, visible], [today]] = await Promise.all([
    listEnquiries(db, { status: "neu", startAt: 0, limit: START_NEW_ENQUIRIES }),
    answeredJobs(db, START_NEW_ENQUIRIES),
    readTogether(db, [scheduleRead(db, now), visibleAlertsRead(db, now)]),
    bookedDays(db, workshopDate(now), 1),
  ]);
  return {
    today: todayLine(schedule, now),
    notices: visible.active.map(({ id, title, toDate }) => ({ id, title, until: formatDateTime(toDate) })),
    appointments: (today?.appointments ?? []).map(shownAppointment),
    enquiries: waiting.map((enquiry) => startCard(enquiry, enquiry.createdAt, now)),
    /** Each with the time of the customer's answer. */
    answered: answered.jobs.map((enquiry) => startCard(enquiry, enquiry.customerAnsweredAt ?? enquiry.updatedAt, now)),
    /** All answers that wait, beyond the cards shown. */
    answeredCount: answered.count,
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
