import { describe, expect, it } from "vitest";
import { FEATURED_INTENT } from "~/components/upload/reference-actions";
import { readOnce } from "~/server/db/client.server";
import { BEFORE_REFUSED, getReference, homePicturesRead, setFeaturedReference } from "~/server/entities/references.server";
import { ACTOR, api, body, db, expectError, postPage, renditionsMade, SAME_ORIGIN, site, staffCookie, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

/* Issue 20: the projects staff choose for the home page, and pictures with their "Vorher-Bild" (decision 016). */

interface ApiReference {
  id: string;
  url: string;
  description: string;
  featured: boolean;
  before: { id: string; url: string } | null;
}

/** Pictures uploaded one request after another (so newest first is the reverse), with their renditions made. */
async function pictures(token: string, descriptions: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, description] of descriptions.entries()) {
    const response = await upload(token, uploadForm([{ name: `${index}.png`, bytes: png({ rgb: [40 * index, 90, 30] }) }], { description, category: ["Sitze"] }));
    expect(response.status).toBe(200);
    const [saved] = (await body<{ reference: { id: string }[] }>(response)).reference;
    ids.push(saved.id);
  }
  for (const id of ids) await renditionsMade(token, id);
  return ids;
}

const update = (token: string, json: Record<string, unknown>) =>
  api("reference/update", { token, json: { description: "Sitz", category: ["Sitze"], ...json } });

async function listed(token?: string): Promise<ApiReference[]> {
  return (await body<{ reference: ApiReference[] }>(await api("reference/get?limit=50", { token }))).reference;
}

/** The captions of the home page's slideshow, in the order it shows them. */
async function slideCaptions(): Promise<string[]> {
  const html = await (await site("/")).text();
  return [...html.matchAll(/<img class="slideshow__image"[^>]*alt="([^"]*)"/g)].map((match) => match[1]);
}

/** The gallery's tiles (their links' names), newest first. */
async function galleryTiles(path = "/referenz"): Promise<string[]> {
  const html = await (await site(path)).text();
  return [...html.matchAll(/class="gallery__link"[^>]*aria-label="([^"]*)"/g)].map((match) => match[1]);
}

describe("Auf der Startseite zeigen", () => {
  it("is `featured` in reference/get and reference/update; without marks the slideshow shows the latest uploads", async () => {
    const token = await staffToken();
    const [a, b, c] = await pictures(token, ["Sitz A", "Sitz B", "Sitz C"]);
    expect((await listed()).map((item) => item.featured)).toEqual([false, false, false]);
    // SSR renders the first slide only; its caption is the newest upload.
    expect(await slideCaptions()).toEqual(["Sitz C"]);

    const marked = await body<ApiReference>(await update(token, { id: a, description: "Sitz A", featured: true }));
    expect(marked).toMatchObject({ id: a, featured: true, description: "Sitz A" });
    expect(await slideCaptions()).toEqual(["Sitz A"]);

    await update(token, { id: c, description: "Sitz C", featured: true });
    const byId = Object.fromEntries((await listed(token)).map((item) => [item.id, item.featured]));
    expect(byId).toEqual({ [a]: true, [b]: false, [c]: true });

    // Leaving `featured` out leaves the mark as it is.
    await update(token, { id: c, description: "Sitz C neu" });
    expect((await getReference(db(), c))?.featured).toBe(true);

    await update(token, { id: c, description: "Sitz C", featured: false });
    await update(token, { id: a, description: "Sitz A", featured: false });
    expect(await slideCaptions()).toEqual(["Sitz C"]);
    expect((await listed()).every((item) => !item.featured)).toBe(true);
  });

  it("orders the slideshow's pictures by the newest mark, and leaves out unmarked ones", async () => {
    const token = await staffToken();
    const [a, b, c, d] = await pictures(token, ["Erster", "Zweiter", "Dritter", "Vierter"]);
    const at = Date.UTC(2026, 4, 1);
    for (const [index, id] of [b, a, c].entries()) await setFeaturedReference(db(), ACTOR, id, true, new Date(at + index * 1000));
    const { slides } = await readOnce(db(), homePicturesRead(db(), 8));
    expect(slides.map((slide) => slide.description)).toEqual(["Dritter", "Erster", "Zweiter"]);
    expect(slides.map((slide) => slide.id)).not.toContain(d);
    // Marking again keeps a picture's place.
    await setFeaturedReference(db(), ACTOR, b, true, new Date(at + 10_000));
    expect((await readOnce(db(), homePicturesRead(db(), 8))).slides.map((slide) => slide.description)).toEqual(["Dritter", "Erster", "Zweiter"]);
    // The server renders the first of them.
    expect(await slideCaptions()).toEqual(["Dritter"]);
  });

  it("is marked from the staff page's form, and refuses an unknown picture", async () => {
    const token = await staffToken();
    const [a] = await pictures(token, ["Per Formular"]);
    const form = new URLSearchParams({ intent: FEATURED_INTENT, id: a, featured: "1" });
    const cookie = await staffCookie(token);
    const posted = await postPage("/intern/uploadReference", form, { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" });
    expect(posted.status).toBe(302);
    expect((await getReference(db(), a))?.featured).toBe(true);

    await expectError(await update(token, { id: "gibt-es-nicht", featured: true }), 404, "Dieses Bild gibt es nicht (mehr).");
    await expectError(await update(token, { id: a, featured: "ja" }), 400, "featured muss true oder false sein.");
  });
});

describe("Vorher-Bild", () => {
  it("is `beforeId` in reference/update and `before: {id, url}` in reference/get; null removes it", async () => {
    const token = await staffToken();
    const [worn, done] = await pictures(token, ["Sitz vorher", "Sitz nachher"]);
    const paired = await body<ApiReference>(await update(token, { id: done, description: "Sitz nachher", beforeId: worn }));
    const wornUrl = (await listed(token)).find((item) => item.id === worn)!.url;
    expect(paired.before).toEqual({ id: worn, url: wornUrl });
    // Anonymous callers get the same field.
    expect((await listed()).find((item) => item.id === done)?.before).toEqual({ id: worn, url: wornUrl });
    expect((await listed()).find((item) => item.id === worn)?.before).toBeNull();

    // Left out, it stays; null removes it.
    await update(token, { id: done, description: "Sitz nachher" });
    expect((await getReference(db(), done))?.before?.id).toBe(worn);
    await update(token, { id: done, description: "Sitz nachher", beforeId: null });
    expect((await getReference(db(), done))?.before).toBeNull();
  });

  it("refuses itself, an unknown picture, chains and a picture that is already another's", async () => {
    const token = await staffToken();
    const [a, b, c, d] = await pictures(token, ["A", "B", "C", "D"]);
    await expectError(await update(token, { id: a, beforeId: a }), 400, BEFORE_REFUSED);
    await expectError(await update(token, { id: a, beforeId: "weg" }), 404, "Das gewählte Vorher-Bild gibt es nicht (mehr).");
    expect((await update(token, { id: b, beforeId: a })).status).toBe(200);
    // a is b's before: it cannot be c's too, nor get one of its own; b, which has one, cannot be one.
    await expectError(await update(token, { id: c, beforeId: a }), 400, BEFORE_REFUSED);
    await expectError(await update(token, { id: a, beforeId: d }), 400, BEFORE_REFUSED);
    await expectError(await update(token, { id: c, beforeId: b }), 400, BEFORE_REFUSED);
    // A refused pair writes nothing else of the request either.
    await expectError(await update(token, { id: c, description: "Geändert", beforeId: a }), 400, BEFORE_REFUSED);
    expect((await getReference(db(), c))?.description).toBe("C");
    // Choosing the same one again is no change.
    expect((await update(token, { id: b, beforeId: a })).status).toBe(200);
  });

  it("loses the link when the before picture is deleted", async () => {
    const token = await staffToken();
    const [worn, done] = await pictures(token, ["Weg damit", "Bleibt"]);
    await update(token, { id: done, beforeId: worn });
    expect((await api("reference/delete", { token, json: { id: worn } })).status).toBe(200);
    expect((await getReference(db(), done))?.before).toBeNull();
  });

  it("shows on the gallery as one tile 'Vorher / Nachher', both pictures side by side without JavaScript", async () => {
    const token = await staffToken();
    const [worn, done, other] = await pictures(token, ["Alter Sitz", "Neuer Sitz", "Lenkrad"]);
    await update(token, { id: done, description: "Neuer Sitz", beforeId: worn });
    // The before picture is no tile of its own, nor counted.
    expect(await galleryTiles()).toEqual(["Lenkrad – vergrößern", "Neuer Sitz – Vorher / Nachher – vergrößern"]);
    const html = await (await site("/referenz")).text();
    expect(html).toContain("2 Bilder");
    expect(html).toContain('<span class="gallery__pair" aria-hidden="true">Vorher / Nachher</span>');

    const viewer = await (await site(`/referenz?bild=${done}`)).text();
    expect(viewer).toContain('class="compare compare--plain"');
    expect(viewer).toMatch(new RegExp(`alt="Vorher: Neuer Sitz"[^>]*|src="/images/references/${worn}-w`));
    expect(viewer).toContain(`/images/references/${worn}-w`);
    expect(viewer).toContain(`/images/references/${done}-w`);
    expect(viewer).toContain(">Vorher</figcaption>");
    expect(viewer).toContain(">Nachher</figcaption>");
    // Its address leads nowhere of its own.
    expect(await (await site(`/referenz?bild=${worn}`)).text()).not.toContain('class="viewer');
    expect(await galleryTiles(`/referenz?bild=${other}`)).toHaveLength(2);
  });

  it("is never the home page's slide, even when marked", async () => {
    const token = await staffToken();
    const [worn, done] = await pictures(token, ["Vorher-Slide", "Nachher-Slide"]);
    await update(token, { id: done, description: "Nachher-Slide", beforeId: worn });
    await update(token, { id: worn, description: "Vorher-Slide", featured: true });
    // The only mark is on a before picture: no marked picture can show, so the latest uploads do.
    expect(await slideCaptions()).toEqual(["Nachher-Slide"]);
  });
});
