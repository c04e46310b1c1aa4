import { PHOTO_PICKER_LABEL } from "~/components/upload/photo-picker";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, workerChromium } from "./browser";
import { inspectJpeg, withGpsExif } from "./fixtures/exif";
import { drawnImage } from "./fixtures/images";
import { openPictureActions, pictureTile, storedBytes, storedReferences, unique, UPLOAD_PAGE } from "./fixtures/upload-page";
import { expectNoAxeViolations, staffPage, toasts, withoutAppScripts } from "./staff-helpers";

let browser: Browser;
let helper: Page;
beforeAll(async () => {
  browser = await workerChromium();
  // Pictures are drawn by a page with JavaScript; the page under test has none.
  helper = await openPage(browser);
});
afterAll(async () => {
  await closeContexts(browser);
});

async function openUploadPage() {
  const page = await staffPage(browser, { javaScriptEnabled: false });
  await page.goto(UPLOAD_PAGE);
  return page;
}

/**
 * axe needs JavaScript to run, so it checks the same page in a browser that runs scripts
 * but never receives the site's own: what it sees is the server-rendered page.
 */
async function expectNoViolationsWithoutScripts(url: string) {
  const page = await staffPage(browser);
  await withoutAppScripts(page);
  await page.goto(url);
  await expectNoAxeViolations(page);
  await page.context().close();
}

const uploadForm = (page: Page) => page.locator("form", { has: page.getByRole("button", { name: "Hochladen" }) });

describe("reference images without JavaScript", () => {
  it("uploads with the plain form, then edits and deletes with confirmation", async () => {
    const page = await openUploadPage();
    const jpeg = await withGpsExif(await drawnImage(helper, { width: 400, height: 300, type: "image/jpeg" }), { orientation: 6 });
    const png = await drawnImage(helper, { width: 200, height: 100, type: "image/png" });
    const description = unique("Cabrioverdeck");
    const [newA, newB] = [unique("Verdeck"), unique("Cabrio")];
    const names = [`${unique("verdeck")}.jpg`, `${unique("heck")}.png`];

    const form = uploadForm(page);
    await form.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([
      { name: names[0], mimeType: "image/jpeg", buffer: jpeg },
      { name: names[1], mimeType: "image/png", buffer: png },
    ]);
    await form.getByLabel("Beschreibung").fill(description);
    await form.getByLabel("Neue Kategorien").fill(`${newA}, ${newB}, `);
    await form.getByRole("button", { name: "Hochladen" }).click();
    await page.waitForURL((url) => url.pathname === UPLOAD_PAGE);
    await toasts(page).getByText("Aktion Erfolgreich").waitFor();

    const mine = (await storedReferences()).reference.filter((reference) => reference.description === description);
    expect(mine.map((reference) => reference.filename).sort()).toEqual([...names].sort());
    for (const reference of mine) expect(reference.category.sort()).toEqual([newA, newB].sort());
    await expectNoViolationsWithoutScripts(page.url());

    // The server turned the photo upright in its pixels and re-encoded it: no EXIF, no location (decision 011).
    const photo = mine.find((reference) => reference.filename === names[0])!;
    const stored = inspectJpeg(await storedBytes(photo.url));
    expect(stored.containsGpsMarker).toBe(false);
    expect(stored.exifTags).toEqual([]);
    expect(stored.orientation).toBeNull();
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 300, height: 400 });

    // A tap on the thumbnail opens the picture's own page state with its actions as plain forms and links.
    await expect(pictureTile(page, description).count()).resolves.toBe(2);
    let actions = await openPictureActions(page, description);
    await expectNoViolationsWithoutScripts(page.url());

    // Edit: a description of spaces is refused by the server with a German message.
    await actions.getByRole("link", { name: /^Bearbeiten: / }).click();
    const editor = page.getByRole("dialog", { name: "Bild bearbeiten" });
    await editor.waitFor();
    await expectNoViolationsWithoutScripts(page.url());
    await editor.getByLabel("Beschreibung").fill("   ");
    await editor.getByRole("button", { name: "Bestätigen" }).click();
    await editor.getByText("Beschreibung darf nicht leer sein.").waitFor();

    const edited = unique("Verdeck erneuert");
    const added = unique("Stoffverdeck");
    await editor.getByLabel("Beschreibung").fill(edited);
    await editor.getByLabel(newA, { exact: true }).uncheck();
    await expect(editor.getByLabel(newB, { exact: true }).isChecked()).resolves.toBe(true);
    await editor.getByLabel("Neue Kategorien").fill(added);
    await editor.getByRole("button", { name: "Bestätigen" }).click();
    await toasts(page).getByText("Aktion Erfolgreich").waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    actions = await openPictureActions(page, edited);
    await expect(actions.getByRole("list", { name: "Kategorien" }).getByRole("listitem").allInnerTexts()).resolves.toEqual(
      [added, newB].sort((a, b) => a.localeCompare(b, "de")),
    );

    // Zoom by link
    await actions.getByRole("link", { name: `Bild vergrößern: ${edited}` }).click();
    const zoom = page.getByRole("dialog", { name: "Bildansicht" });
    await zoom.getByRole("img", { name: edited }).waitFor();
    await zoom.getByRole("link", { name: "Schließen" }).click();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // Delete, first changing our mind
    actions = await openPictureActions(page, edited);
    await actions.getByRole("link", { name: `Löschen: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Bist du sicher, dass du dieses Bild löschen möchtest?").waitFor();
    await expectNoViolationsWithoutScripts(page.url());
    await confirm.getByRole("link", { name: "Abbrechen" }).click();
    // Without JavaScript "Abbrechen" loads the list again: polled, since the click returns once
    // that navigation has begun, possibly before the new page has its thumbnails.
    await expect.poll(() => pictureTile(page, edited).count()).toBe(1);
    await expect(confirm.count()).resolves.toBe(0);
    actions = await openPictureActions(page, edited);
    await actions.getByRole("link", { name: `Löschen: ${edited}` }).click();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await toasts(page).getByText("Aktion Erfolgreich").waitFor();
    await expect(pictureTile(page, edited).count()).resolves.toBe(0);
    await expect(pictureTile(page, description).count()).resolves.toBe(1);
    expect((await storedReferences()).reference.filter((reference) => reference.description === edited)).toEqual([]);
  });

  it("answers a file that is no image with 415 and a German message", async () => {
    const page = await openUploadPage();
    const before = (await storedReferences()).total;
    const form = uploadForm(page);
    await form.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([
      { name: "rechnung.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 keine Fotodaten") },
    ]);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await form.getByRole("button", { name: "Hochladen" }).click();
    expect((await answer).status()).toBe(415);
    // The message stands at the file field, which is marked invalid and described by it.
    const message = "„rechnung.jpg“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).";
    const files = uploadForm(page).getByLabel(PHOTO_PICKER_LABEL);
    await expect(files.getAttribute("aria-invalid")).resolves.toBe("true");
    const describedBy = (await files.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${describedBy}"]`).innerText()).resolves.toBe(message);
    expect((await storedReferences()).total).toBe(before);
  });

  it("pages through the list by links, five images a page", async () => {
    const page = await openUploadPage();
    const png = await drawnImage(helper, { width: 60, height: 40, type: "image/png" });
    const description = unique("Seitenweise");
    await uploadForm(page)
      .getByLabel(PHOTO_PICKER_LABEL)
      .setInputFiles(Array.from({ length: 6 }, (_, index) => ({ name: `seite-${index}.png`, mimeType: "image/png", buffer: png })));
    await uploadForm(page).getByLabel("Beschreibung").fill(description);
    await uploadForm(page).getByRole("button", { name: "Hochladen" }).click();
    await toasts(page).getByText("Aktion Erfolgreich").waitFor();

    const { total } = await storedReferences();
    const pages = Math.ceil(total / 5);
    const list = page.locator("section", { has: page.getByRole("heading", { name: "Liste der hochgeladenen Bilder" }) });
    // Newest first: five of the six on the first page, the sixth on the second.
    await expect(pictureTile(page, description).count()).resolves.toBe(5);
    await expect(list.locator("ul.picture-grid > li").count()).resolves.toBe(5);
    const pager = page.getByRole("navigation", { name: "Seiten der Bilderliste" });
    await expect(pager.getByRole("link", { name: "Seite 1", exact: true }).getAttribute("aria-current")).resolves.toBe("page");
    await expect(pager.getByRole("link", { name: `Seite ${pages}`, exact: true }).count()).resolves.toBe(1);
    await pager.getByRole("link", { name: "Weiter" }).click();
    await page.waitForURL((url) => url.searchParams.get("seite") === "2");
    await expect(pictureTile(page, description).count()).resolves.toBe(1);
    await expect(page.getByText(`Seite 2 von ${pages}`).count()).resolves.toBe(1);
    await pager.getByRole("link", { name: "Zurück" }).click();
    await page.waitForURL((url) => !url.searchParams.has("seite"));
  });

  it("explains a dialog link to an image that no longer exists", async () => {
    const page = await openUploadPage();
    await page.goto(`${UPLOAD_PAGE}?bearbeiten=${unique("weg")}`);
    expect(new URL(page.url()).search).toBe("");
    await toasts(page).getByText("Dieses Bild gibt es nicht (mehr).").waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
  });
});
