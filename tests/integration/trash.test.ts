import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { TRASH_KEEP_DAYS } from "~/lib/activity";
import { addDays, workshopDate } from "~/lib/dates";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { deleteCategory, listCategoryCounts } from "~/server/entities/categories.server";
import { setCoverReference } from "~/server/entities/references.server";
import worker from "../../server";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStored, sendEnhanced } from "./enquiry-helpers";
import { ACTOR, allBucketKeys, api, body, db, expectError, renditionsMade, rowCount, site, STAFF, staffToken, upload, uploadForm } from "./helpers";
import { cachedView, settledVisitor, visit } from "./visitors";

/*
 * The Papierkorb (decision 016): every kind of item goes in on delete, is listed, comes back
 * exactly as it was (the API's answer and the R2 objects compared), and is deleted for good
 * with its files by the scheduled handler after 30 days — and not a day before.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface TrashEntry {
  id: string;
  kind: string;
  title: string;
  deletedAt: string;
  deletedBy: string;
}

interface Reference {
  id: string;
  url: string;
  description: string;
  category: string[];
  cover: boolean;
  featured: boolean;
  before: { id: string } | null;
  sources: unknown[];
}

/** Runs the worker entry's scheduled handler as the cron trigger would, at `scheduledTime`. */
async function runCron(scheduledTime: number) {
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "17 2 * * *" }), env);
}

const trashList = async (token: string) => body<TrashEntry[]>(await api("trash/get", { token }));

async function restore(token: string, id: string) {
  const response = await api("trash/restore", { token, json: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  return body<{ id: string; kind: string; title: string }>(response);
}

async function remove(token: string, path: string, id: string) {
  const response = await api(path, { token, json: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await body(response)).toEqual({ id });
}

const references = async (token: string) =>
  (await body<{ reference: Reference[] }>(await api("reference/get?limit=50", { token }))).reference;

async function picture(token: string, description: string, category: string[], colour = 0): Promise<Reference> {
  const response = await upload(token, uploadForm([{ name: `${description}.png`, bytes: png({ rgb: [colour, 90, 60] }), type: "image/png" }], { description, category }));
  expect(response.status, await response.clone().text()).toBe(200);
  const [saved] = (await body<{ reference: Reference[] }>(response)).reference;
  await renditionsMade(token, saved.id);
  return saved;
}

const byId = (list: { id: string }[], id: string) => list.find((item) => item.id === id);

/** Simple items: one row each, read back through their own list call. */
const today = workshopDate(new Date());
const SIMPLE_KINDS = [
  {
    kind: "news",
    title: "Betriebsferien im August",
    save: { path: "news/save", json: { title: "Betriebsferien im August", text: "Vom 1. bis 15. August geschlossen." } },
    list: "news/get?limit=50",
    remove: "news/delete",
  },
  {
    kind: "alert",
    title: "Heute nur bis 12 Uhr",
    save: {
      path: "alert/save",
      json: { title: "Heute nur bis 12 Uhr", text: "Wegen einer Schulung.", fromDate: new Date(Date.now() - HOUR).toISOString(), toDate: new Date(Date.now() + DAY).toISOString() },
    },
    list: "alert/get",
    remove: "alert/delete",
  },
  {
    kind: "special-hours",
    title: "Inventur",
    save: { path: "opening/special/save", json: { title: "Inventur", hours: "Geschlossen", fromDate: addDays(today, 3), toDate: addDays(today, 4) } },
    list: "opening/special/get",
    remove: "opening/special/delete",
  },
] as const;

describe.each(SIMPLE_KINDS)("a deleted $kind", ({ kind, title, save, list, remove: removePath }) => {
  it("is listed in the Papierkorb, on no list, comes back identical, and is deleted for good after 30 days", async () => {
    const token = await staffToken();
    const saved = await body<{ id: string }>(await api(save.path, { token, json: save.json }));
    const before = await body<{ id: string }[]>(await api(list, { token }));
    expect(byId(before, saved.id)).toBeTruthy();

    await remove(token, removePath, saved.id);
    expect(byId(await body(await api(list, { token })), saved.id)).toBeUndefined();
    // Visitors' lists too (the alert without a token shows only active ones; it was active).
    expect(byId(await body(await api(list)), saved.id)).toBeUndefined();
    const [entry] = await trashList(token);
    expect(entry).toEqual({ id: saved.id, kind, title, deletedAt: expect.any(String), deletedBy: STAFF.username });
    expect(Date.now() - Date.parse(entry.deletedAt)).toBeLessThan(60_000);

    expect(await restore(token, saved.id)).toEqual({ id: saved.id, kind, title });
    expect(await body(await api(list, { token }))).toEqual(before);
    expect(await trashList(token)).toEqual([]);
    await expectError(await api("trash/restore", { token, json: { id: saved.id } }), 404, "Dieser Eintrag ist nicht (mehr) im Papierkorb.");

    await remove(token, removePath, saved.id);
    await runCron(Date.now() + TRASH_KEEP_DAYS * DAY - HOUR);
    expect(await trashList(token)).toHaveLength(1);
    await runCron(Date.now() + TRASH_KEEP_DAYS * DAY + HOUR);
    expect(await trashList(token)).toEqual([]);
    expect(byId(await body(await api(list, { token })), saved.id)).toBeUndefined();
  });
});

describe("a deleted reference picture", () => {
  it("keeps its files in the Papierkorb, past the orphan sweep, and comes back with description, categories, Titelbild and renditions", async () => {
    const token = await staffToken();
    const kept = await picture(token, "Lenkrad in Glattleder", ["Lenkräder"], 10);
    const gone = await picture(token, "Sitz in Cognac", ["Autositze", "Oldtimer"], 200);
    await setCoverReference(db(), ACTOR, gone.id, true);
    const before = await references(token);
    const keysBefore = await allBucketKeys();
    expect(keysBefore.filter((key) => key.includes(gone.id)).length).toBeGreaterThan(1);

    await remove(token, "reference/delete", gone.id);
    expect(byId(await references(token), gone.id)).toBeUndefined();
    expect((await body<{ categories: string[] }>(await api("reference/categories"))).categories).toEqual(["Lenkräder"]);
    expect(await (await site("/referenz")).text()).not.toContain(gone.id);
    expect(await trashList(token)).toEqual([
      { id: gone.id, kind: "reference", title: "Sitz in Cognac", deletedAt: expect.any(String), deletedBy: STAFF.username },
    ]);
    // The daily sweep removes files without a record after a day; these have their entry.
    await runCron(Date.now() + 2 * DAY);
    expect(await allBucketKeys()).toEqual(keysBefore);

    await restore(token, gone.id);
    expect(await references(token)).toEqual(before);
    expect(byId(await references(token), gone.id)).toMatchObject({ cover: true, category: ["Autositze", "Oldtimer"] });
    expect(await allBucketKeys()).toEqual(keysBefore);
    expect(await (await site("/referenz")).text()).toContain(gone.id);

    await remove(token, "reference/delete", gone.id);
    await runCron(Date.now() + TRASH_KEEP_DAYS * DAY + HOUR);
    expect(await trashList(token)).toEqual([]);
    expect(await allBucketKeys()).toEqual(keysBefore.filter((key) => !key.includes(gone.id)));
    expect(await rowCount("image_deletions")).toBe(0);
    expect((await site(gone.url)).status).toBe(404);
    expect(byId(await references(token), kept.id)).toBeTruthy();
  });

  it("comes back without the Titelbild mark when another picture has taken it meanwhile", async () => {
    const token = await staffToken();
    const first = await picture(token, "Erstes", [], 10);
    const second = await picture(token, "Zweites", [], 90);
    await setCoverReference(db(), ACTOR, first.id, true);
    await remove(token, "reference/delete", first.id);
    await setCoverReference(db(), ACTOR, second.id, true);

    await restore(token, first.id);
    const listed = await references(token);
    expect(byId(listed, first.id)).toMatchObject({ cover: false });
    expect(byId(listed, second.id)).toMatchObject({ cover: true });
  });

  it("comes back with its home page mark and its Vorher-Bild, and as the Vorher-Bild of its pair", async () => {
    const token = await staffToken();
    const worn = await picture(token, "Sitz vorher", [], 10);
    const done = await picture(token, "Sitz nachher", [], 90);
    const pair = { description: "Sitz nachher", category: [], featured: true, beforeId: worn.id };
    expect((await api("reference/update", { token, json: { id: done.id, ...pair } })).status).toBe(200);
    const before = byId(await references(token), done.id);
    expect(before).toMatchObject({ featured: true, before: { id: worn.id } });

    await remove(token, "reference/delete", done.id);
    await restore(token, done.id);
    expect(byId(await references(token), done.id)).toEqual(before);

    await remove(token, "reference/delete", worn.id);
    expect(byId(await references(token), done.id)).toMatchObject({ before: null });
    await restore(token, worn.id);
    expect(byId(await references(token), done.id)).toEqual(before);
  });

  it("comes back without its Vorher-Bild when that one has become another picture's meanwhile", async () => {
    const token = await staffToken();
    const worn = await picture(token, "Vorher", [], 10);
    const done = await picture(token, "Nachher", [], 90);
    const other = await picture(token, "Anderes", [], 170);
    const pairWith = (id: string, description: string) => api("reference/update", { token, json: { id, description, category: [], beforeId: worn.id } });
    expect((await pairWith(done.id, "Nachher")).status).toBe(200);
    await remove(token, "reference/delete", done.id);
    expect((await pairWith(other.id, "Anderes")).status).toBe(200);

    await restore(token, done.id);
    expect(byId(await references(token), done.id)).toMatchObject({ before: null });
    expect(byId(await references(token), other.id)).toMatchObject({ before: { id: worn.id } });
  });

  it("whose category was deleted meanwhile comes back without it, and joins it again when the category is restored", async () => {
    const token = await staffToken();
    const picture1 = await picture(token, "Bild eins", ["Lenkräder", "Cabrio"], 10);
    const picture2 = await picture(token, "Bild zwei", ["Lenkräder"], 90);
    const lenkraeder = (await listCategoryCounts(db())).find((category) => category.name === "Lenkräder")!;

    await remove(token, "reference/delete", picture1.id);
    await deleteCategory(db(), ACTOR, lenkraeder.id);
    await restore(token, picture1.id);
    expect(byId(await references(token), picture1.id)).toMatchObject({ category: ["Cabrio"] });
    expect(byId(await references(token), picture2.id)).toMatchObject({ category: [] });

    await restore(token, lenkraeder.id);
    expect(byId(await references(token), picture1.id)).toMatchObject({ category: ["Cabrio", "Lenkräder"] });
    expect(byId(await references(token), picture2.id)).toMatchObject({ category: ["Lenkräder"] });
    expect(await listCategoryCounts(db())).toEqual([
      { id: expect.any(String), name: "Cabrio", count: 1 },
      { id: lenkraeder.id, name: "Lenkräder", count: 2 },
    ]);
  });

  it("whose category was deleted for good meanwhile comes back without it, and the category stays gone", async () => {
    const token = await staffToken();
    const shown = await picture(token, "Bild", ["Lenkräder", "Cabrio"]);
    const lenkraeder = (await listCategoryCounts(db())).find((category) => category.name === "Lenkräder")!;
    await remove(token, "reference/delete", shown.id);
    await deleteCategory(db(), ACTOR, lenkraeder.id);
    await remove(token, "trash/delete", lenkraeder.id);

    await restore(token, shown.id);
    expect(byId(await references(token), shown.id)).toMatchObject({ category: ["Cabrio"] });
    expect((await body<{ categories: string[] }>(await api("reference/categories", { token }))).categories).toEqual(["Cabrio"]);
  });
});

describe("a deleted category", () => {
  it("takes its links along and brings them back; the pictures stay all along", async () => {
    const token = await staffToken();
    const picture1 = await picture(token, "Eins", ["Lenkräder", "Oldtimer"], 10);
    await picture(token, "Zwei", ["Lenkräder"], 90);
    const before = await references(token);
    const countsBefore = await listCategoryCounts(db());
    const lenkraeder = countsBefore.find((category) => category.name === "Lenkräder")!;

    await deleteCategory(db(), ACTOR, lenkraeder.id);
    expect(await trashList(token)).toEqual([
      { id: lenkraeder.id, kind: "category", title: "Lenkräder", deletedAt: expect.any(String), deletedBy: STAFF.username },
    ]);
    expect(byId(await references(token), picture1.id)).toMatchObject({ category: ["Oldtimer"] });
    expect((await body<{ categories: string[] }>(await api("reference/categories", { token }))).categories).toEqual(["Oldtimer"]);

    await restore(token, lenkraeder.id);
    expect(await references(token)).toEqual(before);
    expect(await listCategoryCounts(db())).toEqual(countsBefore);

    const keys = await allBucketKeys();
    await deleteCategory(db(), ACTOR, lenkraeder.id);
    await runCron(Date.now() + TRASH_KEEP_DAYS * DAY + HOUR);
    expect(await trashList(token)).toEqual([]);
    expect((await listCategoryCounts(db())).map((category) => category.name)).toEqual(["Oldtimer"]);
    expect(await allBucketKeys()).toEqual(keys);
  });

  it("merges into a category of the same name made meanwhile", async () => {
    const token = await staffToken();
    const old = await picture(token, "Alt", ["Lenkräder"], 10);
    const lenkraeder = (await listCategoryCounts(db())).find((category) => category.name === "Lenkräder")!;
    await deleteCategory(db(), ACTOR, lenkraeder.id);
    const fresh = await picture(token, "Neu", ["LENKRÄDER"], 90);

    await restore(token, lenkraeder.id);
    expect(await listCategoryCounts(db())).toEqual([{ id: expect.any(String), name: "LENKRÄDER", count: 2 }]);
    expect(byId(await references(token), old.id)).toMatchObject({ category: ["LENKRÄDER"] });
    expect(byId(await references(token), fresh.id)).toMatchObject({ category: ["LENKRÄDER"] });
  });
});

describe("a deleted enquiry", () => {
  interface ApiEnquiry {
    id: string;
    reference: string;
  }
  const photo = (index: number) => ({ name: `foto-${index}.png`, bytes: png({ rgb: [index * 60, 90, 90] }), type: "image/png" });
  const inbox = async (token: string) => body<ApiEnquiry[]>(await api("enquiry/get?limit=50", { token }));

  async function enquiry(token: string) {
    const reference = await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER, [photo(1), photo(2)])));
    // The photos' renditions are made after the answer: compare the bucket once they are all there.
    await vi.waitFor(
      async () => {
        const missing = await env.DB.prepare("select count(*) as n from enquiry_photos where rendition_widths is null").first<{ n: number }>();
        if (missing?.n) throw new Error("Fotos noch in Arbeit");
      },
      { timeout: 20_000, interval: 100 },
    );
    return (await inbox(token)).find((item) => item.reference === reference)!;
  }

  it("keeps its photos, is named without the customer's data, comes back identical and goes with its photos after 30 days", async () => {
    const token = await staffToken();
    const saved = await enquiry(token);
    const before = await inbox(token);
    const keysBefore = await allBucketKeys();
    expect(keysBefore.filter((key) => key.startsWith("anfragen/")).length).toBeGreaterThan(2);

    await remove(token, "enquiry/delete", saved.id);
    expect(await inbox(token)).toEqual([]);
    const [entry] = await trashList(token);
    expect(entry).toEqual({ id: saved.id, kind: "enquiry", title: `${saved.reference} · ${CUSTOMER[F.topic]}`, deletedAt: expect.any(String), deletedBy: STAFF.username });
    for (const personal of [CUSTOMER[F.name], CUSTOMER[F.email], CUSTOMER[F.phone]]) expect(JSON.stringify(entry)).not.toContain(personal);
    await runCron(Date.now() + 2 * DAY);
    expect(await allBucketKeys()).toEqual(keysBefore);

    await restore(token, saved.id);
    expect(await inbox(token)).toEqual(before);
    expect(await allBucketKeys()).toEqual(keysBefore);

    await remove(token, "enquiry/delete", saved.id);
    await runCron(Date.now() + TRASH_KEEP_DAYS * DAY + HOUR);
    expect(await trashList(token)).toEqual([]);
    expect((await allBucketKeys()).filter((key) => key.startsWith("anfragen/"))).toEqual([]);
  });

  it("keeps its reference number while in the Papierkorb, so a later enquiry gets the next one", async () => {
    const token = await staffToken();
    const first = await enquiry(token);
    await remove(token, "enquiry/delete", first.id);
    const second = await enquiry(token);
    expect(second.reference).not.toBe(first.reference);
    await restore(token, first.id);
    expect((await inbox(token)).map((item) => item.reference).sort()).toEqual([first.reference, second.reference].sort());
  });

  it("is deleted for good once its retention period ends, even before its 30 days in the Papierkorb", async () => {
    const token = await staffToken();
    const old = await enquiry(token);
    await env.DB.prepare("update enquiries set updated_at = ? where id = ?").bind(Date.now() - 200 * DAY, old.id).run();
    await remove(token, "enquiry/delete", old.id);
    await runCron(Date.now());
    expect(await trashList(token)).toEqual([]);
    expect((await allBucketKeys()).filter((key) => key.startsWith("anfragen/"))).toEqual([]);
  });
});

describe("restoring and the edge cache", () => {
  it("shows a restored news item on the very next view of a cached page", async () => {
    const token = await staffToken();
    const saved = await body<{ id: string }>(await api("news/save", { token, json: { title: "Zurück aus dem Papierkorb", text: "Wieder da." } }));
    const cookies = await settledVisitor();
    expect(await (await cachedView("/", cookies)).text()).toContain("Zurück aus dem Papierkorb");
    await remove(token, "news/delete", saved.id);
    expect(await (await visit("/", cookies)).text()).not.toContain("Zurück aus dem Papierkorb");
    await cachedView("/", cookies);
    await restore(token, saved.id);
    expect(await (await visit("/", cookies)).text()).toContain("Zurück aus dem Papierkorb");
  });
});

describe("the Papierkorb's API", () => {
  it("needs the token, and answers 404 for what is not (or no longer) in it", async () => {
    const token = await staffToken();
    await expectError(await api("trash/get"), 401);
    await expectError(await api("trash/restore", { json: { id: "x" } }), 401);
    await expectError(await api("trash/delete", { json: { id: "x" } }), 401);
    await expectError(await api("trash/restore", { token, json: { id: "gibt-es-nicht" } }), 404, "Dieser Eintrag ist nicht (mehr) im Papierkorb.");
    await expectError(await api("trash/delete", { token, json: { id: "gibt-es-nicht" } }), 404, "Dieser Eintrag ist nicht (mehr) im Papierkorb.");
    await expectError(await api("trash/restore", { token, json: {} }), 400, "Die ID fehlt.");
  });

  it("restores one item once when asked twice at the same moment", async () => {
    const token = await staffToken();
    const saved = await body<{ id: string }>(await api("news/save", { token, json: { title: "Doppelt", text: "Einmal zurück." } }));
    await remove(token, "news/delete", saved.id);
    const answers = await Promise.all([1, 2].map(() => api("trash/restore", { token, json: { id: saved.id } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect((await body<{ id: string }[]>(await api("news/get"))).filter((item) => item.id === saved.id)).toHaveLength(1);
    const restored = await env.DB.prepare("select count(*) as n from activity_log where action = 'wiederhergestellt'").first<{ n: number }>();
    expect(restored?.n).toBe(1);
  });
});
