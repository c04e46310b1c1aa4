import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { references } from "~/server/db/schema";
import { getReference, setCoverReference } from "~/server/entities/references.server";
import { COVER_INTENT } from "~/components/upload/reference-actions";
import { ACTOR, body, db, postPage, rowCount, SAME_ORIGIN, site, staffCookie, staffToken, upload, uploadForm, renditionsMade } from "./helpers";
import { png } from "../fixtures/images";

const pngFile = (name: string) => ({ name, bytes: png({ rgb: [90, 60, 30] }), type: "image/png" });

async function threePictures(): Promise<string[]> {
  const token = await staffToken();
  const response = await upload(
    token,
    uploadForm([pngFile("a.png"), pngFile("b.png"), pngFile("c.png")], { description: "Sitz", category: [] }),
  );
  return (await body<{ reference: { id: string }[] }>(response)).reference.map((item) => item.id);
}

const coverCount = async () => (await db().select().from(references).where(eq(references.cover, true))).length;

/** The picture marked "Titelbild", or null. */
async function getCoverReference(database: ReturnType<typeof db>) {
  const row = await database.select({ id: references.id }).from(references).where(eq(references.cover, true)).get();
  return row ? getReference(database, row.id) : null;
}

describe("Titelbild", () => {
  it("marks one picture, moves the mark and removes it", async () => {
    const [a, b] = await threePictures();
    expect(await getCoverReference(db())).toBeNull();

    expect((await setCoverReference(db(), ACTOR, a, true)).cover).toBe(true);
    expect((await getCoverReference(db()))?.id).toBe(a);
    await setCoverReference(db(), ACTOR, b, true);
    expect((await getCoverReference(db()))?.id).toBe(b);
    expect(await coverCount()).toBe(1);

    await setCoverReference(db(), ACTOR, a, false);
    expect((await getCoverReference(db()))?.id).toBe(b);
    await setCoverReference(db(), ACTOR, b, false);
    expect(await getCoverReference(db())).toBeNull();
  });

  it("keeps a single mark when several are set at the same moment", async () => {
    const ids = await threePictures();
    const results = await Promise.allSettled([...ids, ...ids].map((id) => setCoverReference(db(), ACTOR, id, true)));
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
    expect(await coverCount()).toBe(1);
    expect(await rowCount("references")).toBe(3);
  });

  it("answers 404 for an unknown picture", async () => {
    await expect(setCoverReference(db(), ACTOR, "weg", true)).rejects.toMatchObject({ status: 404 });
  });

  it("shows the marked picture in the home page's hero", async () => {
    const [a] = await threePictures();
    const before = await (await site("/")).text();
    expect(before).not.toContain('class="hero__picture"');
    // Marked the way staff do it, through the page's form (which also outdates the cached home page).
    const form = new URLSearchParams({ intent: COVER_INTENT, id: a, cover: "1" });
    const posted = await postPage("/intern/uploadReference", form, {
      ...SAME_ORIGIN,
      Cookie: await staffCookie(),
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(posted.status).toBeLessThan(400);
    const marked = (await getCoverReference(db()))!;
    expect(marked.id).toBe(a);
    await renditionsMade(await staffToken(), a);
    const after = await (await site("/")).text();
    // The stored picture, or one of its renditions once the server has made them (all named after it).
    expect(after).toMatch(new RegExp(`<img class="hero__picture" src="/images/references/${marked.id}[^"]*"`));
  });
});
