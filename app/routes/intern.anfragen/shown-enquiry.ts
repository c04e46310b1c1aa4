import { formatAgo, formatDateTime, formatDay } from "~/lib/dates";
import type { Enquiry } from "~/server/entities/enquiries.server";

/**
 * An enquiry as the inbox and the job card show it, its dates formatted by the loader so the
 * page ships no date library. Its own module, so the card's parts name the type without
 * importing the route that imports them.
 */
export function shownEnquiry(enquiry: Enquiry, now: Date) {
  return {
    ...enquiry,
    received: formatDateTime(enquiry.createdAt),
    receivedAgo: formatAgo(enquiry.createdAt, now),
    changed: formatDateTime(enquiry.updatedAt),
    preferredDay: enquiry.preferredDate ? formatDay(enquiry.preferredDate) : null,
  };
}
export type ShownEnquiry = ReturnType<typeof shownEnquiry>;
