import { eq, isNull } from "drizzle-orm";
import { RENDITION_WIDTHS } from "~/lib/image-sizes";
import type { Database } from "~/server/db/client.server";
import { references } from "~/server/db/schema";
import { bumpContentVersion } from "~/server/edge-cache.server";
import { readImageSize, readJpegOrientation, sniffImageType } from "~/server/images/image-bytes.server";
import { IMAGE_KEY_PREFIX } from "~/server/references.server";

/*
 * The server's renditions of every reference (decision 011): AVIF, WebP and JPEG at the
 * widths of RENDITION_WIDTHS, made by the Cloudflare Images binding from the stored
 * original after the upload has answered, stored in R2 beside it. A reference without
 * them is complete and shows its original; this module makes what is missing, again and
 * again until it succeeds (right after an upload, daily, and by `npm run images:renditions`).
 */

/** In the order a browser should prefer them. */
export const RENDITION_FORMATS = [
  { type: "image/avif", extension: "avif", quality: 60 },
  { type: "image/webp", extension: "webp", quality: 75 },
  { type: "image/jpeg", extension: "jpg", quality: 80 },
] as const;
export type RenditionType = (typeof RENDITION_FORMATS)[number]["type"];

/** The widths made for an original of this width: never enlarged, the largest capped. */
export function renditionWidthsFor(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]);
  return [...new Set([...RENDITION_WIDTHS.filter((width) => width < largest), largest])];
}

export function renditionKey(referenceId: string, width: number, extension: string): string {
  return `${IMAGE_KEY_PREFIX}${referenceId}-w${width}.${extension}`;
}

const RENDITION_KEY = /^references\/([0-9a-f-]{36})-w(\d+)\.(avif|webp|jpg)$/;

/** The reference a rendition key belongs to, or null for any other key. */
export function renditionOwner(key: string): string | null {
  return RENDITION_KEY.exec(key)?.[1] ?? null;
}

/** The stored widths from the `rendition_widths` column; empty while none exist. */
export function parseRenditionWidths(value: string | null): number[] {
  return value ? value.split(",").map(Number) : [];
}

type ReferenceRow = Pick<typeof references.$inferSelect, "id" | "imageKey">;

/**
 * Makes and stores every rendition of one reference, then records their widths. Puts are
 * idempotent (same key, same picture), so a run cut short is simply repeated.
 */
export async function makeRenditions(db: Database, bucket: R2Bucket, transforms: ImagesBinding, row: ReferenceRow): Promise<void> {
  const object = await bucket.get(row.imageKey);
  if (!object) throw new Error(`Original ${row.imageKey} fehlt`);
  const original = new Uint8Array(await object.arrayBuffer());
  const type = sniffImageType(original);
  if (!type) throw new Error(`Original ${row.imageKey} ist kein Bild`);
  const declared = readImageSize(original, type);
  const turned = type === "image/jpeg" && (readJpegOrientation(original) ?? 1) >= 5;
  const size = turned ? { width: declared.height, height: declared.width } : declared;
  // An animated GIF would lose its animation; it is shown as uploaded.
  const widths = type === "image/gif" ? [] : renditionWidthsFor(size.width);
  // One at a time: each transformation holds a decoded picture, and a Worker has 128 MB.
  for (const width of widths) {
    for (const format of RENDITION_FORMATS) {
      const result = await transforms
        .input(new Blob([original]).stream())
        .transform({ width, fit: "scale-down" })
        .output({ format: format.type, quality: format.quality });
      const bytes = await result.response().arrayBuffer();
      await bucket.put(renditionKey(row.id, width, format.extension), bytes, { httpMetadata: { contentType: format.type } });
    }
  }
  await db
    .update(references)
    .set({ width: size.width, height: size.height, renditionWidths: widths.join(",") })
    .where(eq(references.id, row.id));
}

export interface RenditionRun {
  made: string[];
  failed: string[];
}

/**
 * Makes the missing renditions of the given references (or of all that lack them).
 * A failure (the free plan's monthly limit, error 9422; anything transient) is logged and
 * leaves the reference as it is, showing its original, for the next run.
 */
export async function makeMissingRenditions(
  db: Database,
  bucket: R2Bucket,
  transforms: ImagesBinding,
  ids?: string[],
): Promise<RenditionRun> {
  const rows = await db
    .select({ id: references.id, imageKey: references.imageKey })
    .from(references)
    .where(isNull(references.renditionWidths));
  const wanted = ids ? rows.filter((row) => ids.includes(row.id)) : rows;
  const run: RenditionRun = { made: [], failed: [] };
  for (const row of wanted) {
    try {
      await makeRenditions(db, bucket, transforms, row);
      run.made.push(row.id);
    } catch (error) {
      console.error("Verkleinerte Fassungen konnten nicht erstellt werden; der nächste Lauf versucht es wieder", row.id, error);
      run.failed.push(row.id);
    }
  }
  return run;
}

/** Keys of every stored rendition of a reference, for deleting it. */
export async function storedRenditionKeys(bucket: R2Bucket, referenceId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${IMAGE_KEY_PREFIX}${referenceId}-w`, cursor });
    keys.push(...page.objects.map((object) => object.key).filter((key) => renditionOwner(key) === referenceId));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}


/**
 * After an upload has answered: its renditions (AVIF is slow in the local emulation, so the
 * upload does not wait), then a new content version, as the cached pages still show the originals.
 */
export function makeRenditionsAfterResponse(
  db: Database,
  cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> },
  saved: ReadonlyArray<{ id: string }>,
): void {
  const ids = saved.map(({ id }) => id);
  cloudflare.ctx.waitUntil(
    makeMissingRenditions(db, cloudflare.env.IMAGES, cloudflare.env.IMAGE_TRANSFORMS, ids).then(async (run) => {
      if (run.made.length > 0) await bumpContentVersion();
    }),
  );
}
