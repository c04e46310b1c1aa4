import { and, count, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { categoryKey, categorySpelling, MAX_CATEGORIES, MAX_CATEGORY_LENGTH, TOO_MANY_CATEGORIES } from "~/lib/categories";
import { notFound } from "~/server/base/errors.server";
import { type Database, prepareRead, type Read, readOnce } from "~/server/db/client.server";
import { categories, referenceCategories, references } from "~/server/db/schema";
import { requiredText } from "~/server/base/validation.server";
import { onPublicPages } from "~/server/entities/reference-visibility.server";

/** The answer of the staff page when an id is unknown. */
export const CATEGORY_NOT_FOUND = "Diese Kategorie gibt es nicht (mehr).";

const categoryName = z
  .string({ invalid_type_error: "Eine Kategorie muss ein Text sein." })
  .trim()
  .min(1, "Eine Kategorie darf nicht leer sein.")
  .max(MAX_CATEGORY_LENGTH, `Eine Kategorie darf höchstens ${MAX_CATEGORY_LENGTH} Zeichen lang sein.`)
  .transform(categorySpelling);

/** The categories of one picture: a name or a list of names; twins in case or Unicode form count once. */
export const categoryList = z
  .union([categoryName, z.array(categoryName)], {
    invalid_type_error: "Kategorie muss eine Liste von Namen sein.",
  })
  .optional()
  .transform((value) => uniqueCategories(value === undefined ? [] : [value].flat()))
  .refine((names) => names.length <= MAX_CATEGORIES, { message: TOO_MANY_CATEGORIES });

/** "Umbenennen" on the Bilder page. */
export const categoryRename = z.object({
  name: requiredText("Neuer Name", MAX_CATEGORY_LENGTH).transform(categorySpelling),
});
export type CategoryRename = z.output<typeof categoryRename>;

function uniqueCategories(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = categoryKey(name);
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}

const byName = (a: string, b: string) => a.localeCompare(b, "de");

/** The category names of the references `ids` selects (a list, or a subquery of reference ids), for a batch. */
export function categoryNamesQuery(db: Database, ids: string[] | SQLWrapper) {
  return db
    .select({ referenceId: referenceCategories.referenceId, name: categories.name })
    .from(referenceCategories)
    .innerJoin(categories, eq(categories.id, referenceCategories.categoryId))
    .where(inArray(referenceCategories.referenceId, ids));
}

/** Rows of `categoryNamesQuery` as each reference's names, alphabetically. */
export function namesByReference(rows: { referenceId: string; name: string }[]): Map<string, string[]> {
  const byReference = new Map<string, string[]>();
  for (const { referenceId, name } of rows) byReference.set(referenceId, [...(byReference.get(referenceId) ?? []), name]);
  for (const names of byReference.values()) names.sort(byName);
  return byReference;
}

/** The category names of each reference, alphabetically. */
export async function categoriesOf(db: Database, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  return namesByReference(await categoryNamesQuery(db, ids));
}

export interface CategoryCount {
  /** Text, like every record id the staff pages put into a URL. */
  id: string;
  name: string;
  count: number;
}

/**
 * Every category with its number of pictures, alphabetically: the staff's "Kategorien" list, or,
 * `forPages`, counting only the pictures a public page may offer (decisions 011 and 016).
 */
export function categoryCountsRead(db: Database, { forPages = false } = {}): Read<CategoryCount[]> {
  return prepareRead(
    db
      .select({ id: categories.id, name: categories.name, count: count(references.id) })
      .from(categories)
      .leftJoin(referenceCategories, eq(referenceCategories.categoryId, categories.id))
      .leftJoin(references, and(eq(references.id, referenceCategories.referenceId), forPages ? onPublicPages : undefined))
      .groupBy(categories.id),
    (rows) => rows.map((row) => ({ ...row, id: String(row.id) })).sort((a, b) => byName(a.name, b.name)),
  );
}

export function listCategoryCounts(db: Database): Promise<CategoryCount[]> {
  return readOnce(db, categoryCountsRead(db));
}

/**
 * Category names, alphabetically. Visitors (`withPictures`) see only those with at least one
 * picture (on a public page: one the page offers, `forPages`), so no filter leads to an empty
 * gallery; the staff picker offers all.
 */
export function categoryNamesRead(
  db: Database,
  { withPictures, forPages = false }: { withPictures: boolean; forPages?: boolean },
): Read<string[]> {
  const counts = categoryCountsRead(db, { forPages });
  return {
    queries: counts.queries,
    answer: (results) => counts.answer(results).filter((row) => !withPictures || row.count > 0).map((row) => row.name),
  };
}

export function listCategories(db: Database, options: { withPictures: boolean }): Promise<string[]> {
  return readOnce(db, categoryNamesRead(db, options));
}

/** One category by the id the staff page shows, or null. */
export async function getCategory(db: Database, id: string): Promise<CategoryCount | null> {
  return (await listCategoryCounts(db)).find((row) => row.id === id) ?? null;
}

/** The stored spelling of a name typed in any case or Unicode form, or null when there is no such category. */
export function storedCategoryNameRead(db: Database, name: string): Read<string | null> {
  return prepareRead(
    db.select({ name: categories.name }).from(categories).where(eq(categories.key, categoryKey(name))).limit(1),
    ([row]) => row?.name ?? null,
  );
}

/** SQL condition: the reference is in the category named (in any case or Unicode form). */
export function inCategory(name: string) {
  return sql`exists (select 1 from ${referenceCategories} join ${categories} on ${categories.id} = ${referenceCategories.categoryId} where ${referenceCategories.referenceId} = ${references.id} and ${categories.key} = ${categoryKey(name)})`;
}

/** A statement for a batch that creates the category unless one with that name (in any case or form) exists. */
export function ensureCategoryStatement(db: Database, name: string) {
  return db.insert(categories).values({ name: categorySpelling(name), key: categoryKey(name) }).onConflictDoNothing();
}

/**
 * Statements for one batch that make sure each category exists and link it to the
 * reference. The unique key decides: the first spelling stored wins, and an upload
 * running in parallel with another spelling links to the same row instead of a twin.
 */
export function linkCategoriesStatements(db: Database, referenceId: string, names: string[]) {
  return names.flatMap((name) => {
    const key = categoryKey(name);
    return [
      ensureCategoryStatement(db, name),
      db
        .insert(referenceCategories)
        .select(sql`select ${referenceId}, ${categories.id} from ${categories} where ${categories.key} = ${key}`)
        .onConflictDoNothing(),
    ];
  });
}

async function existingCategory(db: Database, id: string) {
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const row = Number.isSafeInteger(numeric)
    ? await db.select().from(categories).where(eq(categories.id, numeric)).get()
    : undefined;
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/**
 * Renames a category. A name that another category already has (in any case or
 * Unicode form) merges the two: the pictures move to that one, and this one goes.
 */
export async function renameCategory(
  db: Database,
  id: string,
  { name }: CategoryRename,
): Promise<{ name: string; merged: boolean }> {
  const current = await existingCategory(db, id);
  const key = categoryKey(name);
  const twin = await db
    .select()
    .from(categories)
    .where(and(eq(categories.key, key), ne(categories.id, current.id)))
    .get();
  if (!twin) {
    try {
      await db.update(categories).set({ name, key }).where(eq(categories.id, current.id));
    } catch (error) {
      // An upload created the name in the meantime: now it is a merge.
      if (String(error).includes("UNIQUE constraint failed")) return renameCategory(db, id, { name });
      throw error;
    }
    await db.contentChanged();
    return { name, merged: false };
  }
  await db.batch([
    db
      .insert(referenceCategories)
      .select(
        sql`select ${referenceCategories.referenceId}, ${twin.id} from ${referenceCategories} where ${referenceCategories.categoryId} = ${current.id}`,
      )
      .onConflictDoNothing(),
    db.delete(referenceCategories).where(eq(referenceCategories.categoryId, current.id)),
    db.delete(categories).where(eq(categories.id, current.id)),
  ]);
  await db.contentChanged();
  return { name: twin.name, merged: true };
}

/** Removes a category; its pictures stay, without it. */
export async function deleteCategory(db: Database, id: string): Promise<void> {
  const current = await existingCategory(db, id);
  await db.batch([
    db.delete(referenceCategories).where(eq(referenceCategories.categoryId, current.id)),
    db.delete(categories).where(eq(categories.id, current.id)),
  ]);
  await db.contentChanged();
}
