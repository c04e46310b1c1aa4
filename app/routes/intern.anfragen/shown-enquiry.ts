import { formatAgo, formatDateTime } from "~/lib/dates";
import { preferredTimeLabel } from "~/lib/enquiry";
import { JOB_STEP_LABELS } from "~/lib/job";
import type { Enquiry } from "~/server/entities/job/enquiries.server";
import type { Progress } from "~/server/entities/job/enquiry-progress.server";

/**
 * An enquiry as the inbox and the job card show it, its dates formatted by the loader so the
 * page ships no date library. Its own module, so the card's parts name the type without
 * importing the route that imports them.
 */
export function shownEnquiry(enquiry: Enquiry, now: Date, progress?: Pick<Progress, "step" | "waitingOn">) {
  return {
    ...enquiry,
    /** The job's step and who waits (app/lib/job.ts), where the loader read the progress. */
    step: progress ? JOB_STEP_LABELS[progress.step] : null,
    waitingOn: progress?.waitingOn ?? null,
    received: formatDateTime(enquiry.createdAt),
    receivedAgo: formatAgo(enquiry.createdAt, now),
    changed: formatDateTime(enquiry.updatedAt),
    preferredDay: enquiry.preferredDate ? preferredTimeLabel(enquiry.preferredDate) : null,
  };
}
export type ShownEnquiry = ReturnType<typeof shownEnquiry>;
