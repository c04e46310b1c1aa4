import { and, count, eq, getTableName, inArray, ne, type Placeholder, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { categoryKey, categorySpelling, MAX_CATEGORIES, MAX_CATEGORY_LENGTH, TOO_MANY_CATEGORIES } from "~/lib/categories";
import { notFound } from "~/server/base/errors.server";
import { type Database, placeholder, prepareRead, queryTemplate, type Read, readOnce } from "~/server/db/client.server";
import { categories, referenceCategories, references, trash, trashRows } from "~/server/db/schema";
import { requiredText } from "~/server/base/validation.server";
import { onPublicPages } from "~/server/entities/reference-visibility.server";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { moveToTrash, restoreRows, storedColumn, storedValue, type TrashRules } from "./trash-rows.server";

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
export function categoryNamesQuery(db: Database, ids: (string | Placeholder)[] | SQLWrapper) {
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

const categoryCountsQuery = queryTemplate((db, counted: "forPages" | "all") =>
  db
    .select({ id: categories.id, name: categories.name, count: count(references.id) })
    .from(categories)
    .leftJoin(referenceCategories, eq(referenceCategories.categoryId, categories.id))
    .leftJoin(references, and(eq(references.id, referenceCategories.referenceId), counted === "forPages" ? onPublicPages : undefined))
    .groupBy(categories.id),
);

/**
 * Every category with its number of pictures, alphabetically: the staff's "Kategorien" list, or,
 * `forPages`, counting only the pictures a public page may offer (decisions 011 and 016).
 */
export function categoryCountsRead(db: Database, { forPages = false } = {}): Read<CategoryCount[]> {
  return prepareRead(
    categoryCountsQuery(db, {}, forPages ? "forPages" : "all"),
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

const categoryByKeyQuery = queryTemplate((db) =>
  db.select({ name: categories.name }).from(categories).where(eq(categories.key, placeholder("key"))).limit(1),
);

/** The stored spelling of a name typed in any case or Unicode form, or null when there is no such category. */
export function storedCategoryNameRead(db: Database, name: string): Read<string | null> {
  return prepareRead(categoryByKeyQuery(db, { key: categoryKey(name) }), ([row]) => row?.name ?? null);
}

/** SQL condition: the reference is in the category whose `categoryKey` (of a name in any case or Unicode form) fills `key`. */
export function inCategory(key: Placeholder) {
  return sql`exists (select 1 from ${referenceCategories} join ${categories} on ${categories.id} = ${referenceCategories.categoryId} where ${referenceCategories.referenceId} = ${references.id} and ${categories.key} = ${key})`;
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
  actor: Actor,
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
  const log = (title: string) =>
    logStatement(db, actor, { action: "geändert", kind: "category", itemId: id, title }, {
      when: rowExists(categories, eq(categories.id, current.id)),
    });
  if (!twin) {
    try {
      await db.batch([log(`${current.name} → ${name}`), db.update(categories).set({ name, key }).where(eq(categories.id, current.id))]);
    } catch (error) {
      // An upload created the name in the meantime: now it is a merge.
      if (String(error).includes("UNIQUE constraint failed")) return renameCategory(db, actor, id, { name });
      throw error;
    }
    await db.contentChanged();
    return { name, merged: false };
  }
  await db.batch([
    log(`${current.name} → ${twin.name} (zusammengeführt)`),
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

/** Into the Papierkorb with the links to its pictures (decision 016); the pictures stay, without it. */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<void> {
  const current = await existingCategory(db, id);
  await moveToTrash(
    db,
    actor,
    {
      kind: "category",
      id: String(current.id),
      title: current.name,
      rows: [
        { table: categories, where: eq(categories.id, current.id) },
        { table: referenceCategories, where: eq(referenceCategories.categoryId, current.id) },
      ],
      notFound: CATEGORY_NOT_FOUND,
    },
    [
      db.delete(referenceCategories).where(eq(referenceCategories.categoryId, current.id)),
      db.delete(categories).where(eq(categories.id, current.id)).returning({ id: categories.id }),
    ],
  );
  await db.contentChanged();
}

/**
 * A restored category comes back with the links to its pictures that still exist. If another
 * category has taken its name meanwhile (an upload, a rename), the two merge as a rename would:
 * its pictures join that one.
 */
export const CATEGORY_TRASH: TrashRules = {
  restore: (db, entryId) => {
    const storedKey = storedColumn(entryId, categories, "key");
    return [
      restoreRows(db, categories, entryId, { keep: sql`not exists (select 1 from ${categories} where ${categories.key} = ${storedKey})` }),
      restoreRows(db, referenceCategories, entryId, {
        replace: { category_id: sql`(select ${categories.id} from ${categories} where ${categories.key} = ${storedKey})` },
        keep: sql`${storedValue("reference_id")} in (select ${references.id} from ${references})`,
      }).onConflictDoNothing(),
    ];
  },
  onPages: true,
};

/**
 * For a picture's restore: its links to categories that are in the Papierkorb meanwhile are
 * added to those entries, so the picture is back in the category when the category is restored.
 * Its links to categories that exist are restored with the picture; those to categories deleted
 * for good (or merged into another by a rename) are gone with them.
 */
export function keepLinksOfTrashedCategories(db: Database, referenceId: string) {
  const categoryId = sql`json_extract(link.value, '$.category_id')`;
  return db.insert(trashRows).select(
    sql`select null, cast(${categoryId} as text), ${getTableName(referenceCategories)}, json_object('reference_id', ${referenceId}, 'category_id', ${categoryId})
      from ${trashRows} as link
      where link.entry_id = ${referenceId} and link.table_name = ${getTableName(referenceCategories)}
      and cast(${categoryId} as text) in (select ${trash.id} from ${trash} where ${trash.kind} = 'category')`,
  );
}

/** For a picture's restore: its links to the categories that exist now. */
export function restoreCategoryLinks(db: Database, entryId: string) {
  return restoreRows(db, referenceCategories, entryId, {
    keep: sql`${storedValue("category_id")} in (select ${categories.id} from ${categories})`,
  });
}
