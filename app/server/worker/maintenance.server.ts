import type { Database } from "~/server/db/client.server";
import { makeMissingRenditions } from "~/server/images/renditions.server";
import { finishImageDeletions, removeOrphanedImages } from "~/server/images/storage.server";

/** An upload writes its files before its record, within seconds; a day leaves any upload time to finish. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface MaintenanceReport {
  /** Files of deleted references that R2 had not removed yet. */
  finishedDeletes: string[];
  /** Files no record points to, older than a day. */
  orphansRemoved: string[];
  /** References whose missing renditions were made (an upload's own attempt failed, or the binding was at its limit). */
  renditionsMade: string[];
}

/**
 * The scheduled handler's work (cron trigger in wrangler.toml): what no request cleans up.
 * Each step belongs to its entity module; later periodic work hooks in here.
 */
export async function runMaintenance(
  db: Database,
  bindings: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS">,
  now: Date,
): Promise<MaintenanceReport> {
  const bucket = bindings.IMAGES;
  const finishedDeletes = await finishImageDeletions(db, bucket);
  const orphansRemoved = await removeOrphanedImages(db, bucket, new Date(now.getTime() - ORPHAN_MIN_AGE_MS));
  if (finishedDeletes.length > 0 || orphansRemoved.length > 0) {
    console.log("Wartung: Bilddateien entfernt", { finishedDeletes, orphansRemoved });
  }
  const { made: renditionsMade } = await makeMissingRenditions(db, bucket, bindings.IMAGE_TRANSFORMS);
  return { finishedDeletes, orphansRemoved, renditionsMade };
}
