import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { categoryKey, MAX_CATEGORIES, MAX_CATEGORY_LENGTH, TOO_MANY_CATEGORIES } from "~/lib/categories";
import { HttpError, notFound, readBodyLimited } from "~/server/api/http.server";
import type { Database } from "~/server/db/client.server";
import { categories, referenceCategories, references } from "~/server/db/schema";
import { type ImageType, sniffImageType, stripImageMetadata, InvalidImageError } from "~/server/images/image-bytes.server";
import { newId, type Paging } from "~/server/validation.server";
import { notAPicture } from "~/lib/image-types";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";

export const REFERENCE_PAGE_SIZE = 10;
export const REFERENCE_MAX_PAGE_SIZE = 50;
/** SPEC §9: the staff gallery list shows five images per page. */
export const REFERENCE_ADMIN_PAGE_SIZE = 5;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** A Worker has 128 MB of memory and buffers the whole form, so one request stays well below it. */
export const MAX_UPLOAD_REQUEST_BYTES = 60 * 1024 * 1024;
/** D1 binds at most 100 values per query, and the saved records are read back by their ids. */
export const MAX_FILES_PER_UPLOAD = 100;

/** Served by app/routes/images.$.ts. */
const IMAGE_ROUTE_PREFIX = "/images/";
/** The answer of the API and the staff page alike when an id is unknown. */
export const REFERENCE_NOT_FOUND = "Dieses Bild gibt es nicht (mehr).";

const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

const categoryName = z
  .string({ invalid_type_error: "Eine Kategorie muss ein Text sein." })
  .trim()
  .min(1, "Eine Kategorie darf nicht leer sein.")
  .max(MAX_CATEGORY_LENGTH, `Eine Kategorie darf höchstens ${MAX_CATEGORY_LENGTH} Zeichen lang sein.`);

const categoryList = z
  .union([categoryName, z.array(categoryName)], {
    invalid_type_error: "Kategorie muss eine Liste von Namen sein.",
  })
  .optional()
  .transform((value) => uniqueCategories(value === undefined ? [] : [value].flat()))
  .refine((names) => names.length <= MAX_CATEGORIES, { message: TOO_MANY_CATEGORIES });

const description = z
  .string({ invalid_type_error: "Beschreibung muss ein Text sein." })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Beschreibung darf höchstens ${DESCRIPTION_MAX_LENGTH} Zeichen lang sein.`);

const referenceMetadata = z.object(
  {
    filename: z.string({ invalid_type_error: "filename muss ein Text sein." }).max(255).optional(),
    description: description.optional().default(""),
    category: categoryList,
  },
  { invalid_type_error: "metadata muss ein Objekt oder eine Liste sein." },
);
export type ReferenceMetadata = z.output<typeof referenceMetadata>;

/** Metadata for an upload: one object for every file, or an array matched to the files by filename. */
const uploadMetadata = z.union([referenceMetadata, z.array(referenceMetadata).max(100)], {
  invalid_type_error: "metadata muss ein Objekt oder eine Liste sein.",
});

export const referenceUpdate = z.object({
  description: description.min(1, "Beschreibung darf nicht leer sein."),
  category: categoryList,
});
export type ReferenceUpdate = z.output<typeof referenceUpdate>;

/** Names are kept as typed; the same name in another case or with extra spaces counts once. */
function uniqueCategories(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = categoryKey(name);
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}

export interface Reference {
  id: string;
  url: string;
  /** Smallest rendition that still fills a list tile or slide; the original when none was made. */
  thumbnailUrl: string;
  displayUrl: string;
  name: string;
  filename: string;
  description: string;
  category: string[];
}

const imageUrl = (key: string) => `${IMAGE_ROUTE_PREFIX}${key}`;

function toReference(row: typeof references.$inferSelect, categoryNames: string[]): Reference {
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    displayUrl: imageUrl(row.displayKey ?? row.imageKey),
    thumbnailUrl: imageUrl(row.thumbnailKey ?? row.displayKey ?? row.imageKey),
    name: row.imageKey.slice(row.imageKey.lastIndexOf("/") + 1),
    filename: row.filename,
    description: row.description,
    category: categoryNames,
  };
}

async function categoriesOf(db: Database, ids: string[]): Promise<Map<string, string[]>> {
  const byReference = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byReference;
  const rows = await db
    .select({ referenceId: referenceCategories.referenceId, name: categories.name })
    .from(referenceCategories)
    .innerJoin(categories, eq(categories.id, referenceCategories.categoryId))
    .where(inArray(referenceCategories.referenceId, ids))
    .orderBy(categories.name);
  for (const { referenceId, name } of rows) byReference.get(referenceId)?.push(name);
  return byReference;
}

/** Newest first, optionally only those in one category (matched regardless of case). */
export async function listReferences(
  db: Database,
  { startAt, limit, category }: Paging & { category?: string | null },
): Promise<{ reference: Reference[]; total: number }> {
  const [name] = category?.trim() ? (await storedCategoryNames(db, [[category.trim()]]))[0] : [];
  const inCategory = name
    ? sql`exists (select 1 from ${referenceCategories} join ${categories} on ${categories.id} = ${referenceCategories.categoryId} where ${referenceCategories.referenceId} = ${references.id} and ${categories.name} = ${name})`
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(references)
      .where(inCategory)
      .orderBy(desc(references.createdAt), desc(references.id))
      .limit(limit)
      .offset(startAt),
    db.select({ total: count() }).from(references).where(inCategory),
  ]);
  const names = await categoriesOf(db, rows.map((row) => row.id));
  return { reference: rows.map((row) => toReference(row, names.get(row.id) ?? [])), total };
}

export async function getReference(db: Database, id: string): Promise<Reference | null> {
  const row = await db.select().from(references).where(eq(references.id, id)).get();
  if (!row) return null;
  const names = await categoriesOf(db, [id]);
  return toReference(row, names.get(id) ?? []);
}

export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db.select({ name: categories.name }).from(categories);
  return rows.map(({ name }) => name).sort((a, b) => a.localeCompare(b, "de"));
}

/**
 * The names as they are stored: a name matching an existing category regardless of case
 * takes that category's spelling, and new names that match each other are spelled alike.
 * Matching happens here because SQLite's lower() knows no umlauts ("LENKRÄDER").
 */
async function storedCategoryNames(db: Database, lists: string[][]): Promise<string[][]> {
  const known = new Map((await listCategories(db)).map((name) => [categoryKey(name), name]));
  return lists.map((names) =>
    names.map((name) => {
      const key = categoryKey(name);
      if (!known.has(key)) known.set(key, name);
      return known.get(key)!;
    }),
  );
}

/** Statements that make sure each category (spelled as stored) exists and link it to the reference, for one batch. */
function linkCategoriesStatements(db: Database, referenceId: string, storedNames: string[]) {
  return storedNames.flatMap((name) => [
    db.insert(categories).values({ name }).onConflictDoNothing(),
    db.insert(referenceCategories).select(
      sql`select ${referenceId}, ${categories.id} from ${categories} where ${categories.name} = ${name}`,
    ),
  ]);
}

export async function updateReference(
  db: Database,
  id: string,
  { description, category }: ReferenceUpdate,
): Promise<Reference> {
  const existing = await db.select({ id: references.id }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  const [storedNames] = await storedCategoryNames(db, [category]);
  await db.batch([
    db.update(references).set({ description }).where(eq(references.id, id)),
    db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
    ...linkCategoriesStatements(db, id, storedNames),
  ]);
  return (await getReference(db, id))!;
}

/** The record goes first: a failure afterwards can leave an unused object, never a record without its image. */
export async function deleteReference(db: Database, bucket: R2Bucket, id: string): Promise<void> {
  const row = await db.select().from(references).where(eq(references.id, id)).get();
  if (!row) throw notFound(REFERENCE_NOT_FOUND);
  await db.batch([
    db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
    db.delete(references).where(eq(references.id, id)),
  ]);
  const keys = [row.imageKey, row.displayKey, row.thumbnailKey].filter((key): key is string => !!key);
  try {
    await bucket.delete(keys);
  } catch (error) {
    console.error("Bilddateien konnten nicht gelöscht werden", keys, error);
  }
}

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
    return { type, bytes: stripImageMetadata(file.bytes, type) };
  } catch (error) {
    if (error instanceof InvalidImageError) throw new HttpError(400, `„${file.name}“: ${error.message}`);
    throw error;
  }
}

function withKey(image: Omit<PreparedImage, "key">, id: string, suffix = ""): PreparedImage {
  return { ...image, key: `references/${id}${suffix}.${EXTENSIONS[image.type]}` };
}

/**
 * Stores every image of one upload, or none. R2 objects are written first and
 * removed again if any write or the single D1 batch fails, so neither an object
 * without a record nor a record without an object remains.
 */
export async function saveReferences(
  db: Database,
  bucket: R2Bucket,
  uploads: NewReference[],
  now = new Date(),
): Promise<Reference[]> {
  if (uploads.length === 0) throw new HttpError(400, "Es wurde kein Bild hochgeladen.");
  if (uploads.length > MAX_FILES_PER_UPLOAD) {
    throw new HttpError(413, `Höchstens ${MAX_FILES_PER_UPLOAD} Bilder je Anfrage.`);
  }
  const planned = uploads.map((upload) => {
    const id = newId();
    const original = withKey(prepareImage(upload.original), id);
    const display = upload.display && withKey(prepareImage(upload.display), id, "-display");
    const thumbnail = upload.thumbnail && withKey(prepareImage(upload.thumbnail), id, "-thumb");
    return { id, upload, original, display, thumbnail };
  });
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
    const storedNames = await storedCategoryNames(db, planned.map(({ upload }) => upload.metadata.category));
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
          filename: upload.metadata.filename?.trim() || upload.original.name,
          description: upload.metadata.description,
          createdAt: new Date(now.getTime() + index),
        }),
        ...linkCategoriesStatements(db, id, storedNames[index]),
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

export async function readImage(bucket: R2Bucket, key: string) {
  if (!/^references\/[0-9a-f-]{36}(-display|-thumb)?\.(jpg|png|webp|avif|gif)$/.test(key)) return null;
  return bucket.get(key);
}

/**
 * Reads a multipart upload without ever holding more than the allowed size: the
 * declared length is checked first, and a body without one is counted while it streams in.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (declared > MAX_UPLOAD_REQUEST_BYTES) throw tooLarge();
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
  return { name: entry.name || "bild", bytes: new Uint8Array(await entry.arrayBuffer()) };
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
export async function saveUploadRequest(db: Database, bucket: R2Bucket, request: Request): Promise<Reference[]> {
  const form = await readUploadForm(request);
  return saveReferences(db, bucket, await uploadsFromForm(form, metadataFromField(form.get("metadata"))));
}
