import type { Database } from "~/server/db/client.server";
import { retryEnquiryMails } from "~/server/entities/job/enquiry-mail.server";
import { forgetOldEnquiryAttempts } from "~/server/entities/job/enquiry-spam.server";
import { deleteExpiredEnquiries } from "~/server/entities/job/enquiries.server";
import { deleteOldLogEntries } from "~/server/entities/activity-log.server";
import { deleteExpiredInvitations } from "~/server/entities/invitations.server";
import { sendDropOffReminders } from "~/server/entities/job/job-flow.server";
import { emptyTrash } from "~/server/entities/trash.server";
import { makeMissingRenditions } from "~/server/images/renditions.server";
import { finishImageDeletions, removeOrphanedImages } from "~/server/images/storage.server";

/** An upload writes its files before its record, within seconds; a day leaves any upload time to finish. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface MaintenanceReport {
  /** Files of pictures deleted for good that R2 had not removed yet. */
  finishedDeletes: string[];
  /** Files no record points to, older than a day. */
  orphansRemoved: string[];
  /** References whose missing renditions were made (an upload's own attempt failed, or the binding was at its limit). */
  renditionsMade: string[];
  /** Enquiries deleted with their photos because their retention period ended. */
  enquiriesDeleted: string[];
  /** Papierkorb entries deleted for good (30 days after their deletion, or an enquiry past its retention). */
  trashEmptied: string[];
  /** Verlauf entries older than a year that were deleted. */
  logEntriesDeleted: number;
  /** References of enquiries whose e-mail to the workshop went out on this run. */
  enquiryMailsSent: string[];
  /** Enquiries whose customer was reminded of tomorrow's drop-off. */
  remindersSent: string[];
}

/**
 * The scheduled handler's work (cron trigger in wrangler.toml): what no request cleans up.
 * Each step belongs to its entity module; later periodic work hooks in here.
 */
export async function runMaintenance(
  db: Database,
  bindings: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS" | "ENQUIRY_MAIL"> & { CUSTOMER_MAIL?: SendEmail },
  now: Date,
): Promise<MaintenanceReport> {
  const bucket = bindings.IMAGES;
  // First: a delete whose files R2 did not remove is finished below, and no expired enquiry is mailed.
  const enquiriesDeleted = await deleteExpiredEnquiries(db, bucket, now);
  // Before the files are swept: an entry deleted for good notes its pictures' files for removal.
  const trashEmptied = await emptyTrash(db, bucket, now);
  const logEntriesDeleted = await deleteOldLogEntries(db, now);
  await deleteExpiredInvitations(db, now);
  const enquiryMailsSent = await retryEnquiryMails(db, bindings.ENQUIRY_MAIL, now);
  const remindersSent = await sendDropOffReminders(db, bindings.CUSTOMER_MAIL, now);
  await forgetOldEnquiryAttempts(db, now);
  const finishedDeletes = await finishImageDeletions(db, bucket);
  const orphansRemoved = await removeOrphanedImages(db, bucket, new Date(now.getTime() - ORPHAN_MIN_AGE_MS));
  const { made: renditionsMade } = await makeMissingRenditions(db, bucket, bindings.IMAGE_TRANSFORMS);
  return { finishedDeletes, orphansRemoved, renditionsMade, enquiriesDeleted, enquiryMailsSent, remindersSent, trashEmptied, logEntriesDeleted };
}

/**
 * The run's one log line: how many of each it did, never which (references and keys may lead to a
 * person). JSON, so Workers Logs keeps each count as a field of its own.
 */
export function maintenanceLogLine(report: MaintenanceReport): string {
  const counts = Object.fromEntries(
    Object.entries(report).map(([step, done]) => [step, Array.isArray(done) ? done.length : done]),
  );
  return JSON.stringify({ message: "Wartung erledigt", ...counts });
}
