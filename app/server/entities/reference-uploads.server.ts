import { inArray } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "~/server/base/errors.server";
import { categoriesOf, categoryList, linkCategoriesStatements } from "~/server/entities/categories.server";
import { type Reference, referenceDescription, referenceTitle, toReference } from "~/server/entities/references.server";
import type { Database } from "~/server/db/client.server";
import { references } from "~/server/db/schema";
import { type ImageFile, type PictureStorage, storePictures } from "~/server/images/pictures.server";
import { filesOf, readUploadForm } from "~/server/images/upload-form.server";
import { type Actor, logStatement } from "./activity-log.server";

/*
 * Uploads of reference images, from the API and from the staff page alike: reading the
 * multipart form and the metadata of each picture, and storing the pictures (app/server/images)
 * with their records and categories, all or nothing.
 */

/** D1 binds at most 100 values per query, and the saved records are read back by their ids. */
export const MAX_FILES_PER_UPLOAD = 100;

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

export interface NewReference {
  original: ImageFile;
  metadata: ReferenceMetadata;
}

/** Stores the pictures of one upload with their records and categories, all or none (`storePictures`). */
export async function saveReferences(
  db: Database,
  actor: Actor,
  storage: PictureStorage,
  uploads: NewReference[],
  now = new Date(),
): Promise<Reference[]> {
  if (uploads.length === 0) throw new HttpError(400, "Es wurde kein Bild hochgeladen.");
  if (uploads.length > MAX_FILES_PER_UPLOAD) {
    throw new HttpError(413, `Höchstens ${MAX_FILES_PER_UPLOAD} Bilder je Anfrage.`);
  }
  const stored = await storePictures(db, storage, "reference", uploads.map(({ original }) => original), (pictures) =>
    pictures.flatMap((picture, index) => [
      db.insert(references).values({
        ...picture,
        filename: cutFileName(uploads[index].metadata.filename?.trim() || uploads[index].original.name),
        description: uploads[index].metadata.description,
        // Creation times step by a millisecond so the files keep their upload order among themselves.
        createdAt: new Date(now.getTime() + index),
      }),
      ...linkCategoriesStatements(db, picture.id, uploads[index].metadata.category),
      logStatement(db, actor, { action: "angelegt", kind: "reference", itemId: picture.id, title: referenceTitle(uploads[index].metadata.description) }, { at: now }),
    ]),
  );
  // A picture that gets no renditions (it moves) is on the pages at once; the others once theirs exist.
  if (stored.some((picture) => picture.renditionWidths !== null)) await db.contentChanged();
  const ids = stored.map(({ id }) => id);
  const byId = await categoriesOf(db, ids);
  const rows = await db.select().from(references).where(inArray(references.id, ids));
  return rows.map((row) => toReference(row, byId.get(row.id) ?? []));
}

/**
 * Pairs each file under `images` with its metadata: one object applies to all files,
 * an array is matched by filename. `display` and `thumbnail` files that older clients still
 * send are not read: the server makes every rendition itself (decision 011).
 */
export async function uploadsFromForm(form: FormData, metadata: unknown): Promise<NewReference[]> {
  const files = (await filesOf(form, "images")).map(({ name, bytes }) => ({ name: cutFileName(name), bytes }));
  if (files.length === 0) throw new HttpError(400, "Bitte mindestens ein Bild auswählen.");

  const parsed = uploadMetadata.safeParse(metadata);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "metadata ist ungültig.");
  const metadataFor = (file: ImageFile): ReferenceMetadata => {
    if (!Array.isArray(parsed.data)) return parsed.data;
    const match = parsed.data.find((entry) => entry.filename === file.name);
    if (!match) throw new HttpError(400, `Für „${file.name}“ fehlen die Angaben in metadata.`);
    return match;
  };

  return files.map((original) => ({ original, metadata: metadataFor(original) }));
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
 * their `metadata` JSON, stored all or nothing.
 */
export async function saveUploadRequest(db: Database, actor: Actor, storage: PictureStorage, request: Request): Promise<Reference[]> {
  const form = await readUploadForm(request);
  return saveReferences(db, actor, storage, await uploadsFromForm(form, metadataFromField(form.get("metadata"))));
}
