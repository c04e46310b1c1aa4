import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, type Placeholder, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { categoryKey } from "~/lib/categories";
import { DESCRIPTION_MAX_LENGTH } from "~/lib/limits";
import { badRequest, notFound } from "~/server/base/errors.server";
import {
  categoryList,
  categoryNamesQuery,
  inCategory,
  keepLinksOfTrashedCategories,
  linkCategoriesStatements,
  namesByReference,
  restoreCategoryLinks,
} from "~/server/entities/categories.server";
import { type Database, placeholder, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { referenceCategories, references } from "~/server/db/schema";
import { imageUrl } from "~/server/images/keys.server";
import { parseRenditionWidths, type PictureSource, renditionSources, renditionsReady } from "~/server/images/renditions.server";
import { recordId, type Paging } from "~/server/base/validation.server";
import { onPublicPages, pairedPictures, subqueries } from "~/server/entities/reference-visibility.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, storedFact, storedValue, type TrashRules } from "./trash-rows.server";

/*
 * Reference images: reading, editing and deleting their records. Uploads are in
 * reference-uploads.server.ts, their bytes, keys and R2 objects in app/server/images,
 * categories in categories.server.ts.
 */

export const REFERENCE_PAGE_SIZE = 10;
export const REFERENCE_MAX_PAGE_SIZE = 50;
/** SPEC §9: the staff gallery list shows five images per page. */
export const REFERENCE_ADMIN_PAGE_SIZE = 5;

/** The answer of the API and the staff page alike when an id is unknown. */
export const REFERENCE_NOT_FOUND = "Dieses Bild gibt es nicht (mehr).";

export const referenceDescription = z
  .string({ invalid_type_error: "Beschreibung muss ein Text sein." })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Beschreibung darf höchstens ${DESCRIPTION_MAX_LENGTH} Zeichen lang sein.`);

export const referenceUpdate = z.object({
  description: referenceDescription.min(1, "Beschreibung darf nicht leer sein."),
  category: categoryList,
});
export type ReferenceUpdate = z.output<typeof referenceUpdate>;

/** "Auf der Startseite zeigen": the API's `featured`; absent leaves the mark as it is. */
export const referenceFeatured = z.boolean({ invalid_type_error: "featured muss true oder false sein." }).optional();

/** The "Vorher-Bild": another picture's id, null for none; absent leaves it as it is. */
export const referenceBefore = recordId.nullable().optional();

/** A gallery picture as another record shows it: a pair's "Vorher-Bild", the picture an enquiry is about. */
export interface LinkedPicture {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
  sources: PictureSource[];
}
/** Another picture of the same job before the work, as a page shows it beside this one. */
export type BeforePicture = LinkedPicture;

export interface Reference {
  id: string;
  /** The stored original (upright, at most 2560 px). */
  url: string;
  name: string;
  filename: string;
  description: string;
  category: string[];
  /** The home page's hero picture ("Titelbild"); at most one is. */
  cover: boolean;
  /** Marked "Auf der Startseite zeigen": the home page's slideshow shows it. */
  featured: boolean;
  /** Its "Vorher-Bild", or null (on a public page also while that one's renditions are being made). */
  before: BeforePicture | null;
  /** The picture this one is the "Vorher-Bild" of: public pages show it only inside that pair. */
  beforeOf: { id: string; description: string } | null;
  /** The original's upright size in pixels; null for a picture from before 0003 until its renditions are made. */
  width: number | null;
  height: number | null;
  /** The server's renditions as `srcset`s, the preferred format first; empty until they are made (decision 011). */
  sources: PictureSource[];
  /** Its renditions are still being made: only staff see it yet (decision 011). */
  preparing: boolean;
}

/**
 * What anonymous callers see: the name a file had on the uploader's device may carry a
 * customer's name, so it is staff data (the spec's public client reads only `url`).
 */
export type PublicReference = Omit<Reference, "filename">;

export function publicReference({ filename: _staffOnly, ...reference }: Reference): PublicReference {
  return reference;
}

type ReferenceRow = typeof references.$inferSelect;

/** The other pictures of the pairs `rows` belong to, read in the same batch (`pairedPicturesQuery`). */
export interface Pairs {
  rows: ReferenceRow[];
  /** A public page: a before picture counts only once its renditions exist. */
  forPages?: boolean;
}

export function linkedPicture(row: ReferenceRow): LinkedPicture {
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    width: row.width,
    height: row.height,
    sources: renditionSources("reference", row.id, parseRenditionWidths(row.renditionWidths)),
  };
}

export function toReference(row: ReferenceRow, categoryNames: string[], pairs: Pairs = { rows: [] }): Reference {
  const before = row.beforeId === null ? undefined : pairs.rows.find((candidate) => candidate.id === row.beforeId);
  const beforeOf = pairs.rows.find((candidate) => candidate.beforeId === row.id);
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    name: row.imageKey.slice(row.imageKey.lastIndexOf("/") + 1),
    filename: row.filename,
    description: row.description,
    category: categoryNames,
    cover: row.cover === true,
    featured: row.featuredAt !== null,
    before: before && !(pairs.forPages && before.renditionWidths === null) ? linkedPicture(before) : null,
    beforeOf: beforeOf ? { id: beforeOf.id, description: beforeOf.description } : null,
    width: row.width,
    height: row.height,
    sources: renditionSources("reference", row.id, parseRenditionWidths(row.renditionWidths)),
    preparing: row.renditionWidths === null,
  };
}

/**
 * Public pages offer a picture only once its renditions exist, so no visitor is ever sent the
 * 2560 px original (decision 011); staff and the API see every picture.
 */
const readyForPages = renditionsReady(references);

/**
 * For a batch: the pictures paired with those `ids` selects (a list, or a subquery of ids), as
 * their "Vorher-Bild" or as the picture they are the "Vorher-Bild" of.
 */
export function pairedPicturesQuery(db: Database, ids: (string | Placeholder)[] | SQLWrapper) {
  return db
    .select()
    .from(references)
    .where(
      or(
        inArray(references.beforeId, ids),
        inArray(references.id, db.select({ id: pairedPictures.beforeId }).from(pairedPictures).where(inArray(pairedPictures.id, ids))),
      ),
    );
}

/** The staff list's filters: what the home page shows (slideshow or Titelbild), or what has no description yet. */
export type StaffPictureFilter = "home" | "undescribed";

export interface ReferenceQuery extends Paging {
  /** Only those in one category (matched regardless of case and Unicode form). */
  category?: string | null;
  /** Only those a public page may offer (`onPublicPages`). */
  forPages?: boolean;
  /** For staff: one of the list's filters. */
  only?: StaffPictureFilter | null;
}

const STAFF_FILTERS: Record<StaffPictureFilter, SQL> = {
  home: or(isNotNull(references.featuredAt), eq(references.cover, true))!,
  undescribed: sql`trim(${references.description}) = ''`,
};

const referencePageQueries = queryTemplate((db, variant: `${"category" | "all"}, ${"forPages" | "staff" | StaffPictureFilter}`) => {
  const [scope, audience] = variant.split(", ");
  const filter = and(
    scope === "category" ? inCategory(placeholder("category")) : undefined,
    audience === "forPages" ? onPublicPages : undefined,
    audience in STAFF_FILTERS ? STAFF_FILTERS[audience as StaffPictureFilter] : undefined,
  );
  const page = db
    .select()
    .from(references)
    .where(filter)
    .orderBy(desc(references.createdAt), desc(references.id))
    .limit(placeholder("limit"))
    .offset(placeholder("startAt"));
  const pageRows = page.as("page_rows");
  const pageIds = db.select({ id: pageRows.id }).from(pageRows);
  return [
    page,
    db.select({ total: count() }).from(references).where(filter),
    categoryNamesQuery(db, pageIds),
    pairedPicturesQuery(db, pageIds),
  ] as const;
});

/** Newest first. */
export function referencePageRead(
  db: Database,
  { startAt, limit, category, forPages = false, only = null }: ReferenceQuery,
): Read<{ reference: Reference[]; total: number }> {
  const byCategory = Boolean(category?.trim());
  return prepareRead(
    referencePageQueries(
      db,
      { startAt, limit, ...(byCategory ? { category: categoryKey(category ?? "") } : {}) },
      `${byCategory ? "category" : "all"}, ${forPages ? "forPages" : (only ?? "staff")}`,
    ),
    (rows, [{ total }], names, paired) => {
      const byReference = namesByReference(names);
      const pairs = { rows: paired, forPages };
      return { reference: rows.map((row) => toReference(row, byReference.get(row.id) ?? [], pairs)), total };
    },
  );
}

export function listReferences(db: Database, paging: ReferenceQuery) {
  return readOnce(db, referencePageRead(db, paging));
}

const referenceQueries = queryTemplate((db, audience: "forPages" | "staff") => [
  db
    .select()
    .from(references)
    .where(and(eq(references.id, placeholder("id")), audience === "forPages" ? onPublicPages : undefined))
    .limit(1),
  categoryNamesQuery(db, [placeholder("id")]),
  pairedPicturesQuery(db, [placeholder("id")]),
] as const);

/** One reference with its categories, or null (also while a public page may not offer it, `forPages`). */
export function referenceRead(db: Database, id: string, { forPages = false } = {}): Read<Reference | null> {
  return prepareRead(
    referenceQueries(db, { id }, forPages ? "forPages" : "staff"),
    ([row], names, paired) => (row ? toReference(row, namesByReference(names).get(id) ?? [], { rows: paired, forPages }) : null),
  );
}

export function getReference(db: Database, id: string): Promise<Reference | null> {
  return readOnce(db, referenceRead(db, id));
}

/** "Bild ohne Beschreibung" where the API stored none, as the Verlauf and the Papierkorb name it. */
export const referenceTitle = (description: string) => description.trim() || "Bild ohne Beschreibung";

/** An edit: the text and categories, and (absent: unchanged) the home page mark and the "Vorher-Bild". */
export interface ReferenceEdit extends ReferenceUpdate {
  featured?: boolean;
  beforeId?: string | null;
}

/**
 * One edit, one batch, one Verlauf entry. The "Vorher-Bild" is checked first, so a refused one
 * leaves everything as it was.
 */
export async function updateReference(
  db: Database,
  actor: Actor,
  id: string,
  { description, category, featured, beforeId }: ReferenceEdit,
  now = new Date(),
): Promise<Reference> {
  const existing = await db.select({ beforeId: references.beforeId }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  const changesBefore = beforeId !== undefined && beforeId !== existing.beforeId;
  if (changesBefore && beforeId !== null) await checkBeforePicture(db, id, beforeId);
  await refusingTakenBefore(
    db.batch([
      db
        .update(references)
        .set({ description, ...(changesBefore ? { beforeId } : {}) })
        .where(eq(references.id, id)),
      ...(featured === undefined ? [] : [featuredStatement(db, id, featured, now)]),
      db.delete(referenceCategories).where(eq(referenceCategories.referenceId, id)),
      ...linkCategoriesStatements(db, id, category),
      logStatement(db, actor, { action: "geändert", kind: "reference", itemId: id, title: referenceTitle(description) }, {
        at: now,
        when: rowExists(references, eq(references.id, id)),
      }),
    ]),
  );
  await db.contentChanged();
  return (await getReference(db, id))!;
}

/**
 * Marks a picture as the home page's "Titelbild", or unmarks it. Marking moves the mark:
 * both updates run in one batch, and a partial unique index keeps it on one row even
 * when two staff members mark pictures at the same moment.
 */
export async function setCoverReference(db: Database, actor: Actor, id: string, cover: boolean): Promise<Reference> {
  const existing = await db.select({ description: references.description }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  const title = `${referenceTitle(existing.description)} (${cover ? "als Titelbild" : "nicht mehr Titelbild"})`;
  await db.batch([
    db.update(references).set({ cover: null }).where(cover ? eq(references.cover, true) : eq(references.id, id)),
    ...(cover ? [db.update(references).set({ cover: true }).where(eq(references.id, id))] : []),
    logStatement(db, actor, { action: "geändert", kind: "reference", itemId: id, title }, { when: rowExists(references, eq(references.id, id)) }),
  ]);
  await db.contentChanged();
  return (await getReference(db, id))!;
}

const homePicturesQueries = queryTemplate((db) => {
  const onPages = (filter?: SQL) => db.select().from(references).where(and(onPublicPages, filter));
  return [
    onPages(isNotNull(references.featuredAt)).orderBy(desc(references.featuredAt), desc(references.id)).limit(placeholder("limit")),
    onPages().orderBy(desc(references.createdAt), desc(references.id)).limit(placeholder("limit")),
    db.select().from(references).where(and(readyForPages, eq(references.cover, true))).limit(1),
    // The "Vorher-Bilder" of the chosen pictures (a workshop marks a handful).
    db
      .select()
      .from(references)
      .where(inArray(references.id, db.select({ id: pairedPictures.beforeId }).from(pairedPictures).where(isNotNull(pairedPictures.featuredAt)))),
  ] as const;
});

/**
 * The home page's pictures in one read: the slideshow's `limit` and the "Titelbild". The
 * slideshow shows the pictures staff marked "Auf der Startseite zeigen", newest mark first, and
 * only while none is marked the latest uploads; the marked ones come with their "Vorher-Bild"
 * (its renditions made), for the comparisons under the slideshow. The home page shows no
 * categories, so none are read.
 */
export function homePicturesRead(db: Database, limit: number): Read<{ slides: Reference[]; cover: Reference | null }> {
  return prepareRead(
    homePicturesQueries(db, { limit }),
    (featured, latest, [cover], befores) => ({
      slides: (featured.length > 0 ? featured : latest).map((row) => toReference(row, [], { rows: befores, forPages: true })),
      cover: cover ? toReference(cover, []) : null,
    }),
  );
}

/**
 * "Auf der Startseite zeigen", or not. Marking keeps the time of the first mark, so marking
 * again does not move a picture to the front; the slideshow shows the newest marks first.
 */
const featuredStatement = (db: Database, id: string, featured: boolean, now: Date) =>
  db
    .update(references)
    .set({ featuredAt: featured ? now : null })
    .where(and(eq(references.id, id), featured ? isNull(references.featuredAt) : undefined));

/** The Bilder page's switch "Auf der Startseite zeigen". */
export async function setFeaturedReference(db: Database, actor: Actor, id: string, featured: boolean, now = new Date()): Promise<void> {
  const existing = await db.select({ description: references.description }).from(references).where(eq(references.id, id)).get();
  if (!existing) throw notFound(REFERENCE_NOT_FOUND);
  const title = `${referenceTitle(existing.description)} (${featured ? "auf der Startseite" : "nicht mehr auf der Startseite"})`;
  await db.batch([
    featuredStatement(db, id, featured, now),
    logStatement(db, actor, { action: "geändert", kind: "reference", itemId: id, title }, { at: now, when: rowExists(references, eq(references.id, id)) }),
  ]);
  await db.contentChanged();
}

/** How many pictures from before and after a picture's upload the edit dialog offers as its "Vorher-Bild". */
export const BEFORE_CHOICES_AROUND = 8;

/** What may be another picture's "Vorher-Bild": none of its own (no chains) and nobody else's yet. */
const freeToBeBefore = (forId: string) =>
  and(
    ne(references.id, forId),
    isNull(references.beforeId),
    notExists(
      subqueries
        .select({ one: sql`1` })
        .from(pairedPictures)
        .where(and(eq(pairedPictures.beforeId, references.id), ne(pairedPictures.id, forId))),
    ),
  );

/**
 * The pictures the edit dialog offers as the "Vorher-Bild" of `id`: those uploaded just before
 * and after it (before and after photos of one job are uploaded together), newest first, and the
 * current one wherever it lies.
 */
export function beforeChoicesRead(db: Database, id: string): Read<Reference[]> {
  const uploadedAt = sql`(${subqueries.select({ createdAt: pairedPictures.createdAt }).from(pairedPictures).where(eq(pairedPictures.id, id))})`;
  const around = (side: "earlier" | "later") =>
    db
      .select()
      .from(references)
      .where(and(freeToBeBefore(id), side === "earlier" ? lte(references.createdAt, uploadedAt) : gt(references.createdAt, uploadedAt)))
      .orderBy(side === "earlier" ? desc(references.createdAt) : references.createdAt)
      .limit(BEFORE_CHOICES_AROUND);
  const current = db
    .select()
    .from(references)
    .where(inArray(references.id, db.select({ id: pairedPictures.beforeId }).from(pairedPictures).where(eq(pairedPictures.id, id))));
  return prepareRead([around("later"), around("earlier"), current], (later, earlier, [chosen]) => {
    const rows = [...later.reverse(), ...earlier];
    if (chosen && !rows.some((row) => row.id === chosen.id)) rows.push(chosen);
    return rows.map((row) => toReference(row, []));
  });
}

/**
 * Whether `beforeId` may become the "Vorher-Bild" of `id`: another picture that has none of its
 * own and is nobody else's, while `id` is nobody's, so a pair never becomes a chain.
 */
async function checkBeforePicture(db: Database, id: string, beforeId: string): Promise<void> {
  const [before, beforeOfAnother] = await db.batch([
    db
      .select({ free: sql<number>`${freeToBeBefore(id)}` })
      .from(references)
      .where(eq(references.id, beforeId)),
    db.select({ id: references.id }).from(references).where(eq(references.beforeId, id)),
  ]);
  if (!before[0]) throw notFound("Das gewählte Vorher-Bild gibt es nicht (mehr).");
  if (!before[0].free || beforeOfAnother[0]) throw badRequest(BEFORE_REFUSED);
}

/** Someone chose the same picture for another one at the same moment (unique index). */
async function refusingTakenBefore<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed") && String(error).includes("before_id")) throw badRequest(BEFORE_REFUSED);
    throw error;
  }
}

export const BEFORE_REFUSED =
  "Dieses Vorher-Bild geht nicht: Es muss ein anderes Bild sein, das selbst kein Vorher-Bild hat und noch keinem anderen Bild zugeordnet ist.";

/**
 * Into the Papierkorb (decision 016): the record and its category links as stored; its files stay
 * in R2 (the orphan sweep counts them as in use) until the entry is deleted for good.
 */
export async function deleteReference(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const row = await db.select({ description: references.description }).from(references).where(eq(references.id, id)).get();
  if (!row) throw notFound(REFERENCE_NOT_FOUND);
  const own = eq(references.id, id);
  const links = eq(referenceCategories.referenceId, id);
  await moveToTrash(
    db,
    actor,
    {
      kind: "reference",
      id,
      title: referenceTitle(row.description),
      rows: [
        { table: references, where: own },
        { table: referenceCategories, where: links },
      ],
      pictures: { kind: "reference", where: own },
      notFound: REFERENCE_NOT_FOUND,
      facts: { [BEFORE_OF]: sql`(select ${references.id} from ${references} where ${references.beforeId} = ${id})` },
    },
    [db.delete(referenceCategories).where(links), db.delete(references).where(own).returning({ id: references.id })],
    now,
  );
  await db.contentChanged();
}

/** The trash entry's note of the picture whose "Vorher-Bild" the deleted one was. */
const BEFORE_OF = "beforeOf";

/** `id` (SQL) is a picture that is still free to be another's "Vorher-Bild": it exists, has none, and is nobody's. */
const stillFreeToBeBefore = (id: SQL) =>
  sql`exists (select 1 from ${references} as candidate where candidate.id = ${id} and candidate.before_id is null)
    and not exists (select 1 from ${references} as taken where taken.before_id = ${id})`;

/**
 * A restored picture comes back as it was: description, size, renditions, creation time (so its
 * place in the lists), its categories that still exist (see `keepLinksOfTrashedCategories` for
 * those in the Papierkorb), the home page mark, the Titelbild mark — unless another picture has
 * taken it meanwhile, which keeps it — and its pair, in either role, where the other picture is
 * still there and free (a pair never becomes a chain).
 */
export const REFERENCE_TRASH: TrashRules = {
  restore: (db, entryId) => [
    keepLinksOfTrashedCategories(db, entryId),
    restoreRows(db, references, entryId, {
      replace: {
        cover: sql`case when exists (select 1 from ${references} where ${references.cover} = 1) then null else ${storedValue("cover")} end`,
        before_id: sql`case when ${stillFreeToBeBefore(storedValue("before_id"))} then ${storedValue("before_id")} end`,
      },
    }),
    restoreCategoryLinks(db, entryId),
    db
      .update(references)
      .set({ beforeId: entryId })
      .where(
        and(
          eq(references.id, storedFact(entryId, BEFORE_OF)),
          isNull(references.beforeId),
          sql`not exists (select 1 from ${references} as taken where taken.before_id = ${references.id})`,
        ),
      ),
  ],
  onPages: true,
};
