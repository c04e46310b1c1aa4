import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_PICKER_LABEL } from "~/components/upload/photo-picker";
import { PATHS } from "~/lib/site-areas";
import { apiCall, apiToken, closeContexts, PHONE, waitForHydration, withScriptsHeldBack, workerChromium } from "./browser";
import { answeredEnquiry } from "./fixtures/enquiry";
import { pictureTile, UPLOAD_PAGE, unique } from "./fixtures/upload-page";
import { createNews, uploadReference } from "./pages-fixtures";
import { expectNoAxeViolations, inEveryAxeLook, MODES, newsTitles, staffPage, uniqueTitle } from "./staff-helpers";

/* Issue 20: staff screens on a 390 × 844 phone, and what a person typed before the scripts loaded. */

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await workerChromium();
  token = await apiToken();
});
afterAll(async () => {
  await closeContexts(browser);
});

const HEIGHT = PHONE.viewport.height;

describe.each(MODES)("the Bilder page on a phone $name", ({ javaScriptEnabled }) => {
  it("opens with the large photo control in the first screen, and the categories on their own page", async () => {
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(UPLOAD_PAGE);
    const control = page.locator("label.photo-picker__control");
    expect(await control.textContent()).toBe(PHOTO_PICKER_LABEL);
    const shown = (await control.boundingBox())!;
    expect(shown.height).toBeGreaterThanOrEqual(44);
    expect(shown.y + shown.height).toBeLessThanOrEqual(HEIGHT);
    // The label is the input's: the phone's camera or gallery opens from it.
    expect(await page.getByLabel(PHOTO_PICKER_LABEL).getAttribute("accept")).toBe("image/*");
    expect(await page.getByRole("heading", { name: "Kategorien" }).count()).toBe(0);
    await page.getByRole("link", { name: "Kategorien verwalten" }).click();
    await page.waitForURL((url) => url.pathname === PATHS.staffCategories);
    await page.getByRole("heading", { level: 1, name: "Kategorien verwalten" }).waitFor();
    await page.context().close();
  });
});

interface ListedReference {
  id: string;
  description: string;
  featured: boolean;
  cover: boolean;
  before: { id: string } | null;
  preparing: boolean;
}

/** The badges a thumbnail must carry for what the API says of its picture. */
function expectedBadges(reference: ListedReference, listed: ListedReference[]): string[] {
  return [
    reference.featured ? "Startseite" : null,
    reference.cover ? "Titelbild" : null,
    reference.before ? "Vorher/Nachher" : null,
    listed.some((other) => other.before?.id === reference.id) ? "Vorher-Bild" : null,
    reference.preparing ? "wird vorbereitet" : null,
  ].filter((badge) => badge !== null);
}

describe.each(MODES)("the Bilder grid on a phone $name", ({ javaScriptEnabled }) => {
  it("shows three square thumbnails side by side, badges as the API says, and filters Startseite and Ohne Beschreibung", async () => {
    const before = await uploadReference(token, { description: unique("Raster vorher"), category: [] });
    const after = await uploadReference(token, { description: unique("Raster nachher"), category: [], colour: 1 });
    const plain = await uploadReference(token, { description: unique("Raster schlicht"), category: [], colour: 2 });
    await apiCall("reference/update", { token, json: { id: after.id, description: after.description, beforeId: before.id, featured: true } });
    try {
      const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
      await page.goto(UPLOAD_PAGE);
      const tiles = page.locator("ul.picture-grid > li");
      const [a, b, c] = await Promise.all([0, 1, 2].map(async (index) => (await tiles.nth(index).boundingBox())!));
      expect(Math.round(b.y)).toBe(Math.round(a.y));
      expect(Math.round(c.y)).toBe(Math.round(a.y));
      expect(a.x + a.width).toBeLessThanOrEqual(b.x);
      expect(b.x + b.width).toBeLessThanOrEqual(c.x);
      expect(c.x + c.width).toBeLessThanOrEqual(PHONE.viewport.width);
      expect(Math.abs(a.width - a.height)).toBeLessThanOrEqual(1);

      // The first page (five, newest first) as the API lists it; polled, as a picture of
      // another test may finish its renditions between the two reads.
      await expect
        .poll(async () => {
          await page.reload();
          const listed = ((await apiCall("reference/get?limit=5", { token })) as { reference: ListedReference[] }).reference;
          const shown = await tiles.evaluateAll((items) => items.map((item) => [...item.querySelectorAll(".picture-badge")].map((badge) => badge.textContent)));
          return { shown: shown.length, listed: listed.length, rows: shown.map((badges, index) => ({ badges, expected: expectedBadges(listed[index], listed) })) };
        })
        .toSatisfy(
          ({ shown, listed, rows }: { shown: number; listed: number; rows: { badges: string[]; expected: string[] }[] }) =>
            shown === listed && rows.every((row) => row.badges.join() === row.expected.join()),
        );
      expect(await pictureTile(page, after.description).textContent()).toContain("Startseite");
      expect(await pictureTile(page, after.description).textContent()).toContain("Vorher/Nachher");
      expect(await pictureTile(page, before.description).textContent()).toContain("Vorher-Bild");

      await page.getByRole("link", { name: "Startseite", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("filter") === "startseite");
      await expect.poll(() => pictureTile(page, after.description).count()).toBe(1);
      expect(await pictureTile(page, plain.description).count()).toBe(0);
      await page.getByRole("link", { name: "Ohne Beschreibung" }).click();
      await page.waitForURL((url) => url.searchParams.get("filter") === "ohne-beschreibung");
      await expect.poll(() => pictureTile(page, after.description).count()).toBe(0);
      for (const text of await tiles.allTextContents()) expect(text).not.toContain("Raster");
      await page.context().close();
    } finally {
      await apiCall("reference/update", { token, json: { id: after.id, description: after.description, beforeId: null, featured: false } });
    }
  });
});

describe("the staff start on a phone", () => {
  it("shows the common actions as large buttons in the first screen, also under a customer's answer", async () => {
    // The banner every staff page shows while an answer waits stands above the actions.
    await answeredEnquiry(browser, { thema: "Autositze", fahrzeug: "VW Golf II", beschreibung: "Fahrersitz Wange eingerissen.", name: unique("Start Antwort"), email: "kunde@beispiel.de" });
    const page = await staffPage(browser, PHONE);
    await page.goto(PATHS.staff);
    await page.getByRole("link", { name: /Antwort(en)? von .* – ansehen/ }).waitFor();
    expect(await page.locator(".staff-start__action--primary").textContent()).toMatch(/Antwort(en)? wart/);
    const actions = page.locator(".staff-start__action");
    expect(await actions.count()).toBe(5);
    for (const action of await actions.all()) {
      const shown = (await action.boundingBox())!;
      expect(shown.height).toBeGreaterThanOrEqual(44);
      expect(shown.y + shown.height).toBeLessThanOrEqual(HEIGHT);
    }
    await page.getByRole("link", { name: /^Fotos hochladen/ }).click();
    await page.waitForURL((url) => url.pathname === UPLOAD_PAGE);
    await page.context().close();
  });
});


describe("what a person typed before the scripts loaded", () => {
  it("keeps the exact new name in the category rename dialog and submits it", async () => {
    const old = unique("Sitze");
    await uploadReference(token, { description: unique("Umbenennen vorab"), category: [old] });
    const page = await staffPage(browser, PHONE);
    await page.goto(PATHS.staffCategories);
    const href = await page.getByRole("link", { name: `Umbenennen: ${old}` }).getAttribute("href");

    const release = await withScriptsHeldBack(page, href!);
    const field = page.getByLabel("Neuer Name");
    const renamed = unique("Polster");
    await field.fill(renamed);
    // A few more keys while the scripts arrive.
    release();
    await field.press("End");
    await field.pressSequentially(" neu");
    await waitForHydration(page);

    expect(await page.getByLabel("Neuer Name").inputValue()).toBe(`${renamed} neu`);
    await page.getByRole("dialog", { name: "Kategorie umbenennen" }).getByRole("button", { name: "Bestätigen" }).click();
    await expect
      .poll(async () => ((await apiCall("reference/categories", { token })) as { categories: string[] }).categories)
      .toContain(`${renamed} neu`);
    await page.context().close();
  });

  it("keeps title and text typed into a news edit dialog (a textarea React would write back) and saves them", async () => {
    const news = await createNews(token, uniqueTitle("Vorher getippt"), "Der alte Text.");
    const page = await staffPage(browser, PHONE);
    const release = await withScriptsHeldBack(page, `${PATHS.staffNews}?bearbeiten=${news.id}`);
    const title = uniqueTitle("Neu getippt");
    // The same dialog before the scripts (rendered in place) and after (a Radix dialog).
    const dialog = page.getByRole("dialog", { name: "Bearbeiten" });
    await dialog.getByLabel("Titel").fill(title);
    await dialog.getByLabel("Text").fill("Der neue Text,\nvor den Skripten getippt.");
    release();
    await waitForHydration(page);

    expect(await dialog.getByLabel("Titel").inputValue()).toBe(title);
    expect(await dialog.getByLabel("Text").inputValue()).toBe("Der neue Text,\nvor den Skripten getippt.");
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await expect.poll(() => newsTitles()).toContain(title);
    await page.context().close();
  });
});

describe("accessibility of the changed staff screens", () => {
  it("finds no axe violations on the start, the Bilder page with its edit dialog and Kategorien verwalten", async () => {
    const before = await uploadReference(token, { description: unique("Axe vorher"), category: [unique("Axe")] });
    const after = await uploadReference(token, { description: unique("Axe nachher"), category: [] });
    await apiCall("reference/update", { token, json: { id: after.id, description: after.description, beforeId: before.id, featured: true } });
    try {
      await inEveryAxeLook(
        (options) => staffPage(browser, options),
        async (page) => {
          for (const path of [PATHS.staff, UPLOAD_PAGE, `${UPLOAD_PAGE}?aktionen=${after.id}`, `${UPLOAD_PAGE}?bearbeiten=${after.id}`, PATHS.staffCategories]) {
            await page.goto(path);
            if (path.includes("?")) await page.getByRole("dialog").waitFor();
            await expectNoAxeViolations(page);
          }
        },
      );
    } finally {
      await apiCall("reference/update", { token, json: { id: after.id, description: after.description, beforeId: null, featured: false } });
    }
  });
});
