import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deleteCategory, listCategoryCounts, renameCategory } from "~/server/entities/categories.server";
import { ACTOR, api, body, db, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

interface Reference {
  id: string;
  filename: string;
  category: string[];
}

const pngFile = (name: string) => ({ name, bytes: png({ rgb: [200, 80, 10] }), type: "image/png" });

async function saveOne(token: string, filename: string, category: string[]): Promise<Reference> {
  const response = await upload(token, uploadForm([pngFile(filename)], { description: filename, category }));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await body<{ reference: Reference[] }>(response)).reference[0];
}

/** As staff: anonymous callers do not receive the device file names. */
const listAll = async () =>
  (await body<{ reference: Reference[] }>(await api("reference/get?limit=50", { token: await staffToken() }))).reference;
const categoriesFor = async (token?: string) =>
  (await body<{ categories: string[] }>(await api("reference/categories", { token }))).categories;

const DECOMPOSED = "Lenkra\u0308der";
const COMPOSED = "Lenkr\u00e4der";

describe("one category per name", () => {
  it("treats case and Unicode form as the same name and stores it composed", async () => {
    const token = await staffToken();
    await saveOne(token, "a.png", [DECOMPOSED]);
    await saveOne(token, "b.png", ["LENKRÄDER"]);
    await saveOne(token, "c.png", ["lenkräder", COMPOSED]);
    expect(await listCategoryCounts(db())).toEqual([{ id: expect.any(String), name: COMPOSED, count: 3 }]);
    const filtered = await body<{ total: number }>(await api(`reference/get?category=${encodeURIComponent(DECOMPOSED)}`));
    expect(filtered.total).toBe(3);
  });

  it("creates no twins when uploads with different spellings run in parallel", async () => {
    const token = await staffToken();
    const spellings = ["Sitzbezüge", "SITZBEZÜGE", "sitzbezüge", "Sitzbezu\u0308ge", "SITZBEZU\u0308GE", "sitzBezüge"];
    const responses = await Promise.all(
      spellings.map((name, index) => upload(token, uploadForm([pngFile(`p${index}.png`)], { description: "p", category: [name] }))),
    );
    expect(responses.map((response) => response.status)).toEqual(spellings.map(() => 200));
    const counts = await listCategoryCounts(db());
    expect(counts).toHaveLength(1);
    expect(counts[0].count).toBe(spellings.length);
    expect(counts[0].name.normalize("NFC")).toBe(counts[0].name);
  });

  it("shows visitors only categories with pictures, staff all of them", async () => {
    const token = await staffToken();
    const picture = await saveOne(token, "a.png", ["Oldtimer", "Verdecke"]);
    await api("reference/update", { token, json: { id: picture.id, description: "a", category: ["Oldtimer"] } });
    expect(await categoriesFor()).toEqual(["Oldtimer"]);
    expect(await categoriesFor(token)).toEqual(["Oldtimer", "Verdecke"]);
    expect(await categoriesFor("erfunden")).toEqual(["Oldtimer"]);
  });
});

describe("tidying categories", () => {
  it("renames a category, and renaming onto an existing name (in any case) merges the two", async () => {
    const token = await staffToken();
    await saveOne(token, "a.png", ["Lenkrad"]);
    await saveOne(token, "b.png", ["Lenkräder", "Lenkrad"]);
    await saveOne(token, "c.png", ["Lenkräder"]);
    const id = async (name: string) => (await listCategoryCounts(db())).find((row) => row.name === name)!.id;

    expect(await renameCategory(db(), ACTOR, await id("Lenkrad"), { name: "Lenkräder alt" })).toEqual({ name: "Lenkräder alt", merged: false });
    expect((await listCategoryCounts(db())).map(({ name, count }) => [name, count])).toEqual([
      ["Lenkräder", 2],
      ["Lenkräder alt", 2],
    ]);

    expect(await renameCategory(db(), ACTOR, await id("Lenkräder alt"), { name: "LENKRA\u0308DER" })).toEqual({ name: "Lenkräder", merged: true });
    expect((await listCategoryCounts(db())).map(({ name, count }) => [name, count])).toEqual([["Lenkräder", 3]]);
    const pictures = await listAll();
    expect(pictures.map((item) => [item.filename, item.category])).toEqual([
      ["c.png", ["Lenkräder"]],
      ["b.png", ["Lenkräder"]],
      ["a.png", ["Lenkräder"]],
    ]);
  });

  it("changes only the spelling when the new name differs in case", async () => {
    const token = await staffToken();
    await saveOne(token, "a.png", ["oldtimer"]);
    const [{ id }] = await listCategoryCounts(db());
    expect(await renameCategory(db(), ACTOR, id, { name: "Oldtimer" })).toEqual({ name: "Oldtimer", merged: false });
    expect(await categoriesFor()).toEqual(["Oldtimer"]);
  });

  it("deletes a category and keeps its pictures", async () => {
    const token = await staffToken();
    await saveOne(token, "a.png", ["Verdecke", "Cabrio"]);
    const cabrio = (await listCategoryCounts(db())).find((row) => row.name === "Cabrio")!;
    await deleteCategory(db(), ACTOR, cabrio.id);
    expect(await categoriesFor(token)).toEqual(["Verdecke"]);
    expect((await listAll()).map((item) => item.category)).toEqual([["Verdecke"]]);
  });

  it("answers 404 with a German message for an unknown category", async () => {
    await expect(deleteCategory(db(), ACTOR, "999")).rejects.toMatchObject({ status: 404, message: "Diese Kategorie gibt es nicht (mehr)." });
    await expect(renameCategory(db(), ACTOR, "abc", { name: "x" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("migration 0002", () => {
  it("merges existing twins into the oldest spelling, composed", async () => {
    const migrations = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS;
    // Back to the first version's schema, then the twins it allowed, then the rest of the migrations.
    const tables = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    ).all<{ name: string }>();
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...tables.results.map(({ name }) => env.DB.prepare(`drop table "${name}"`)),
    ]);
    await applyD1Migrations(env.DB, migrations.filter((migration) => migration.name.startsWith("0000")));
    await env.DB.batch([
      env.DB.prepare("insert into categories (id, name) values (1, ?), (2, ?), (3, ?), (4, 'Sitze'), (5, ?)").bind(
        DECOMPOSED,
        "LENKRÄDER",
        COMPOSED,
        "SITZE ",
      ),
      env.DB.prepare(
        "insert into \"references\" (id, image_key, content_type, byte_size, filename, description) values ('r1', 'k1', 'image/png', 1, 'a', ''), ('r2', 'k2', 'image/png', 1, 'b', '')",
      ),
      env.DB.prepare("insert into reference_categories values ('r1', 1), ('r1', 2), ('r2', 3), ('r2', 5)"),
    ]);
    await applyD1Migrations(env.DB, migrations);

    const rows = await env.DB.prepare("select id, name, key from categories order by id").all();
    expect(rows.results).toEqual([
      { id: 1, name: COMPOSED, key: "lenkr\u00e4der" },
      { id: 4, name: "Sitze", key: "sitze" },
    ]);
    const links = await env.DB.prepare("select reference_id, category_id from reference_categories order by 1, 2").all();
    expect(links.results).toEqual([
      { reference_id: "r1", category_id: 1 },
      { reference_id: "r2", category_id: 1 },
      { reference_id: "r2", category_id: 4 },
    ]);
  });
});
