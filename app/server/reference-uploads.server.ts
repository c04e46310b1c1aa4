import { inArray } from "drizzle-orm";
import { z } from "zod";
import { notAPicture } from "~/lib/image-types";
import { HttpError } from "~/server/errors.server";
import { readBodyLimited } from "~/server/request-body.server";
import { categoriesOf, categoryList, linkCategoriesStatements } from "~/server/categories.server";
import type { Database } from "~/server/db/client.server";
import { references } from "~/server/db/schema";
import {
  type ImageSize,
  type ImageType,
  InvalidImageError,
  readImageSize,
  readJpegOrientation,
  sniffImageType,
  stripImageMetadata,
} from "~/server/images/image-bytes.server";
import { storedOriginal } from "~/server/images/stored-original.server";
import { IMAGE_KEY_PREFIX, type Reference, referenceDescription, toReference } from "~/server/references.server";
import { newId } from "~/server/validation.server";

/*
 * Uploads of reference images, from the API and from the staff page alike: reading the
 * multipart form, checking each image by its bytes, and storing R2 objects and D1 rows
 * all or nothing.
 */

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** A Worker has 128 MB of memory and buffers the whole form, so one request stays well below it. */
export const MAX_UPLOAD_REQUEST_BYTES = 60 * 1024 * 1024;
/**
 * A picture's declared size is checked before anything decodes it: a small file can
 * declare a canvas whose pixels alone would exceed a Worker's memory ("pixel bomb").
 * A 50-megapixel phone still passes; no camera the workshop uses comes near the edge limit.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_EDGE = 12_000;
/** D1 binds at most 100 values per query, and the saved records are read back by their ids. */
export const MAX_FILES_PER_UPLOAD = 100;

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

/** Device file names are kept for staff, cut to what file systems allow. */
export const MAX_FILENAME_LENGTH = 255;

/** Cut by characters, not UTF-16 units, so no half of an emoji remains. */
function cutFileName(name: string): string {
  return name.length <= MAX_FILENAME_LENGTH ? name : Array.from(name).slice(0, MAX_FILENAME_LENGTH).join("");
}

const referenceMetadata = z.object(
  {
    filename: z.string({ invalid_type_error: "filename muss ein Text sein." }).transform(cutFileName).optional(),
    description: referenceDescription.optional().default(""),
    category: categoryList,
  },
  { invalid_type_error: "metadata muss ein Objekt oder eine Liste sein." },
);
export type ReferenceMetadata = z.output<typeof referenceMetadata>;

/** Metadata for an upload: one object for every file, or an array matched to the files by filename. */
const uploadMetadata = z.union([referenceMetadata, z.array(referenceMetadata).max(100)], {
  invalid_type_error: "metadata muss ein Objekt oder eine Liste sein.",
});

export interface ImageFile {
  name: string;
  bytes: Uint8Array;
}

export interface NewReference {
  original: ImageFile;
  /** Renditions made by the staff uploader in the browser; optional for other clients. */
  display?: ImageFile;
  thumbnail?: ImageFile;
  metadata: ReferenceMetadata;
}

interface PreparedImage {
  key: string;
  type: ImageType;
  bytes: Uint8Array;
  size: ImageSize;
}

/** Checks an image by its bytes, never by its name or declared type, and removes location and camera data. */
export function prepareImage(file: ImageFile): Omit<PreparedImage, "key"> {
  if (file.bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new HttpError(413, `„${file.name}“ ist größer als 15 MB.`);
  }
  const type = sniffImageType(file.bytes);
  if (!type) {
    throw new HttpError(415, notAPicture(file.name));
  }
  try {
    const size = readImageSize(file.bytes, type);
    if (size.width === 0 || size.height === 0) throw new InvalidImageError();
    if (size.width > MAX_IMAGE_EDGE || size.height > MAX_IMAGE_EDGE || size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new HttpError(
        413,
        `„${file.name}“ ist mit ${size.width} × ${size.height} Pixeln zu groß (höchstens ${MAX_IMAGE_PIXELS / 1_000_000} Megapixel und ${MAX_IMAGE_EDGE.toLocaleString("de-DE")} Pixel je Seite).`,
      );
    }
    return { type, size: uprightSize(file.bytes, type, size), bytes: stripImageMetadata(file.bytes, type) };
  } catch (error) {
    if (error instanceof InvalidImageError) throw new HttpError(400, `„${file.name}“: ${error.message}`);
    throw error;
  }
}

/** EXIF orientations 5–8 turn the picture by a quarter, so it displays with width and height swapped. */
function uprightSize(bytes: Uint8Array, type: ImageType, size: ImageSize): ImageSize {
  const orientation = type === "image/jpeg" ? readJpegOrientation(bytes) : null;
  return orientation && orientation >= 5 ? { width: size.height, height: size.width } : size;
}

function withKey(image: Omit<PreparedImage, "key">, id: string, suffix = ""): PreparedImage {
  return { ...image, key: `${IMAGE_KEY_PREFIX}${id}${suffix}.${EXTENSIONS[image.type]}` };
}

/**
 * Stores every image of one upload, or none. R2 objects are written first and
 * removed again if any write or the single D1 batch fails, so neither an object
 * without a record nor a record without an object remains.
 */
export async function saveReferences(
  db: Database,
  bucket: R2Bucket,
  transforms: ImagesBinding,
  uploads: NewReference[],
  now = new Date(),
): Promise<Reference[]> {
  if (uploads.length === 0) throw new HttpError(400, "Es wurde kein Bild hochgeladen.");
  if (uploads.length > MAX_FILES_PER_UPLOAD) {
    throw new HttpError(413, `Höchstens ${MAX_FILES_PER_UPLOAD} Bilder je Anfrage.`);
  }
  // Every file is checked before any is re-encoded, so a refused one costs no transformation.
  const checked = uploads.map((upload) => ({
    upload,
    original: prepareImage(upload.original),
    display: upload.display && prepareImage(upload.display),
    thumbnail: upload.thumbnail && prepareImage(upload.thumbnail),
  }));
  const planned = [];
  // One at a time: each re-encoding holds a decoded photo.
  for (const { upload, original, display, thumbnail } of checked) {
    const id = newId();
    planned.push({
      id,
      upload,
      original: withKey(await storedOriginal(transforms, original, upload.original.name), id),
      display: display && withKey(display, id, "-display"),
      thumbnail: thumbnail && withKey(thumbnail, id, "-thumb"),
    });
  }
  const objects = planned.flatMap(({ original, display, thumbnail }) =>
    [original, display, thumbnail].filter((image): image is PreparedImage => !!image),
  );

  const written: string[] = [];
  try {
    // allSettled, so no write is still under way when a failure triggers the clean-up.
    const puts = await Promise.allSettled(
      objects.map(({ key, type, bytes }) => bucket.put(key, bytes, { httpMetadata: { contentType: type } })),
    );
    puts.forEach((put, index) => put.status === "fulfilled" && written.push(objects[index].key));
    const failedPut = puts.find((put) => put.status === "rejected");
    if (failedPut) throw failedPut.reason;
    // Creation times step by a millisecond so the files keep their upload order among themselves.
    await db.batch(
      planned.flatMap(({ id, upload, original, display, thumbnail }, index) => [
        db.insert(references).values({
          id,
          imageKey: original.key,
          contentType: original.type,
          byteSize: original.bytes.byteLength,
          displayKey: display?.key ?? null,
          thumbnailKey: thumbnail?.key ?? null,
          width: original.size.width,
          height: original.size.height,
          filename: cutFileName(upload.metadata.filename?.trim() || upload.original.name),
          description: upload.metadata.description,
          createdAt: new Date(now.getTime() + index),
        }),
        ...linkCategoriesStatements(db, id, upload.metadata.category),
      ]) as [never, ...never[]],
    );
  } catch (error) {
    await bucket.delete(written).catch((cleanupError) => {
      console.error("Aufräumen nach fehlgeschlagenem Upload misslungen", written, cleanupError);
    });
    if (error instanceof HttpError) throw error;
    console.error("Upload fehlgeschlagen", error);
    throw new HttpError(503, "Die Bilder konnten nicht gespeichert werden. Es wurde nichts übernommen.");
  }

  const byId = await categoriesOf(db, planned.map(({ id }) => id));
  const rows = await db.select().from(references).where(inArray(references.id, planned.map(({ id }) => id)));
  return rows.map((row) => toReference(row, byId.get(row.id) ?? []));
}

/**
 * Reads a multipart upload without ever holding more than the allowed size: the
 * declared length is checked first, and a body without one is counted while it streams in.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new HttpError(400, "Bilder müssen als multipart/form-data gesendet werden.");
  }
  const body = await readBodyLimited(request, MAX_UPLOAD_REQUEST_BYTES, tooLarge);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw new HttpError(400, "Das Formular konnte nicht gelesen werden.");
  }
}

const tooLarge = () =>
  new HttpError(413, "Die Anfrage ist zu groß. Bitte weniger oder kleinere Bilder auf einmal hochladen.");

async function toImageFile(entry: FormDataEntryValue | null): Promise<ImageFile | undefined> {
  if (!entry || typeof entry === "string") return undefined;
  return { name: cutFileName(entry.name || "bild"), bytes: new Uint8Array(await entry.arrayBuffer()) };
}

/**
 * Pairs each file under `images` with its metadata: one object applies to all files,
 * an array is matched by filename. `display` and `thumbnail` renditions are accepted
 * with a single image, as the staff uploader sends one image per request.
 */
export async function uploadsFromForm(form: FormData, metadata: unknown): Promise<NewReference[]> {
  const files = (
    await Promise.all(form.getAll("images").map((entry) => toImageFile(entry)))
  ).filter((file): file is ImageFile => !!file && file.bytes.byteLength > 0);
  if (files.length === 0) throw new HttpError(400, "Bitte mindestens ein Bild auswählen.");

  const parsed = uploadMetadata.safeParse(metadata);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "metadata ist ungültig.");
  const metadataFor = (file: ImageFile): ReferenceMetadata => {
    if (!Array.isArray(parsed.data)) return parsed.data;
    const match = parsed.data.find((entry) => entry.filename === file.name);
    if (!match) throw new HttpError(400, `Für „${file.name}“ fehlen die Angaben in metadata.`);
    return match;
  };

  const [display, thumbnail] = await Promise.all([
    toImageFile(form.get("display")),
    toImageFile(form.get("thumbnail")),
  ]);
  if ((display || thumbnail) && files.length > 1) {
    throw new HttpError(400, "Verkleinerte Fassungen sind nur bei einem Bild je Anfrage möglich.");
  }
  return files.map((original) => ({ original, display, thumbnail, metadata: metadataFor(original) }));
}

/**
 * Description and categories from a plain HTML form (the staff page without JavaScript):
 * ticked existing categories arrive as repeated `category` fields, new ones typed
 * comma-separated in `newCategories`. The schemas above still decide what is valid.
 */
export function referenceFieldsFromForm(form: FormData): { description: string; category: string[] } {
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
  const category = [...form.getAll("category").map(text), ...text(form.get("newCategories")).split(",")]
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return { description: text(form.get("description")), category };
}

/** The `metadata` field of a multipart upload: JSON text, or absent for no description and no category. */
function metadataFromField(value: FormDataEntryValue | null): unknown {
  if (value === null) return {};
  if (typeof value !== "string") throw new HttpError(400, "metadata muss JSON-Text sein.");
  try {
    return JSON.parse(value);
  } catch {
    throw new HttpError(400, "metadata ist kein gültiges JSON.");
  }
}

/**
 * The multipart upload of the API and of the staff uploader alike: the `images` with
 * their `metadata` JSON (and, for one image, its renditions), stored all or nothing.
 */
export async function saveUploadRequest(
  db: Database,
  env: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS">,
  request: Request,
): Promise<Reference[]> {
  const form = await readUploadForm(request);
  return saveReferences(db, env.IMAGES, env.IMAGE_TRANSFORMS, await uploadsFromForm(form, metadataFromField(form.get("metadata"))));
}
