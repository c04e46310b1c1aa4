import { PHOTO_PICKER_LABEL } from "~/components/upload/photo-picker";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, DESKTOP, openPage, PHONE, workerChromium } from "./browser";
import { EXIF_GPS_TAG, inspectJpeg, withGpsExif } from "./fixtures/exif";
import { drawnImage } from "./fixtures/images";
import { expectNoAxeViolations, loginViaForm, staffPage, toasts } from "./staff-helpers";
import {
  closePictureActions,
  openPictureActions,
  pictureTile,
  storedBytes,
  storedReference,
  storedReferences,
  unique,
  UPLOAD_PAGE,
} from "./fixtures/upload-page";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function openUploadPage(options = {}) {
  const page = await staffPage(browser, options);
  await page.goto(UPLOAD_PAGE);
  // The enhanced uploader replaces the plain form once React runs.
  await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).waitFor();
  return page;
}

const preview = (page: Page) => page.getByRole("dialog", { name: "Vorschau der ausgewählten Bilder" });
const imageGroup = (page: Page, name: string) => preview(page).getByRole("group", { name, exact: true });

/**
 * Closes the toasts still showing (the login's, an earlier action's), so the one
 * awaited next is the outcome of what the test does now.
 */
async function dismissToasts(page: Page) {
  const close = toasts(page).getByRole("button", { name: "Hinweis schließen" });
  for (let attempt = 0; attempt < 10 && (await close.count()) > 0; attempt++) {
    // A toast may time out on its own between counting and clicking.
    await close.first().click({ timeout: 1000 }).catch(() => undefined);
  }
}

const successToast = (page: Page) => toasts(page).getByText("Aktion Erfolgreich").waitFor();

/** The chips of a category picker, by the names of their remove buttons. */
const chosenCategories = (scope: Locator) =>
  scope
    .getByRole("list", { name: "Gewählte Kategorien" })
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")?.replace("Kategorie entfernen: ", "")));

/**
 * Records every value the overall progress bar shows. The bar is kept once found, as the
 * preview may close (removing it) in the same moment it reaches 100.
 */
async function recordOverallProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    let bar: Element | null = null;
    const note = () => {
      bar = document.querySelector('[role="progressbar"][aria-label="Gesamtfortschritt"]') ?? bar;
      const value = bar?.getAttribute("aria-valuenow");
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
    };
    Object.assign(window, { overallProgress: () => (note(), seen) });
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
  return () => page.evaluate(() => (window as unknown as { overallProgress: () => number[] }).overallProgress());
}

describe("reference images with JavaScript", () => {
  it("uploads photos with their own descriptions and categories, then zooms, edits and deletes one", async () => {
    const page = await openPage(browser);
    await loginViaForm(page);
    await page.getByRole("navigation").getByRole("link", { name: "Bilder" }).click();
    await page.waitForURL(`**${UPLOAD_PAGE}`);
    const chooser = page.getByLabel(PHOTO_PICKER_LABEL);
    const previewButton = page.getByRole("button", { name: "Vorschau anzeigen und hochladen" });
    await expect(previewButton.isDisabled()).resolves.toBe(true);

    const jpeg = await drawnImage(page, { width: 640, height: 480, type: "image/jpeg" });
    const png = await drawnImage(page, { width: 300, height: 200, type: "image/png" });
    const first = `${unique("werkbank")}.jpg`;
    const second = `${unique("sitz")}.png`;
    const category = unique("Sitze");
    const extra = unique("Leder");
    const firstText = unique("Sitzbank neu bezogen");
    const secondText = unique("Türverkleidung");

    // Choosing again replaces the selection.
    await chooser.setInputFiles([{ name: "verworfen.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
    await page.getByText("1 Bild ausgewählt.").waitFor();
    await chooser.setInputFiles([
      { name: first, mimeType: "image/jpeg", buffer: jpeg },
      { name: second, mimeType: "image/png", buffer: png },
    ]);
    await page.getByText("2 Bilder ausgewählt.").waitFor();
    await expect(previewButton.isEnabled()).resolves.toBe(true);
    // Toasts sit outside the modal preview, so they are closed before it opens.
    await dismissToasts(page);

    // Cancelling keeps the selection and hands focus back to the button.
    await previewButton.click();
    await preview(page).getByRole("button", { name: "Abbrechen" }).click();
    await preview(page).waitFor({ state: "hidden" });
    await expect.poll(() => previewButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await previewButton.press("Enter");
    await preview(page).waitFor();
    await expect(preview(page).getByRole("group", { name: "verworfen.jpg" }).count()).resolves.toBe(0);
    await expect(preview(page).getByRole("img", { name: `Vorschau: ${first}` }).isVisible()).resolves.toBe(true);

    const firstImage = imageGroup(page, first);
    await firstImage.getByLabel("Beschreibung").fill(firstText);
    await firstImage.getByLabel("Neue Kategorie").fill(category);
    await firstImage.getByLabel("Neue Kategorie").press("Enter");
    await firstImage.getByLabel("Neue Kategorie").fill(extra);
    await firstImage.getByRole("button", { name: "Hinzufügen" }).click();
    await firstImage.getByRole("button", { name: `Kategorie entfernen: ${extra}` }).click();
    await expect(chosenCategories(firstImage)).resolves.toEqual([category]);

    const secondImage = imageGroup(page, second);
    await secondImage.getByLabel("Beschreibung").fill(secondText);
    // A category chosen for one image is offered for the others.
    await secondImage.getByRole("button", { name: `Kategorie wählen: ${category}` }).click();
    await secondImage.getByLabel("Neue Kategorie").fill(extra);
    await secondImage.getByLabel("Neue Kategorie").press("Enter");

    const overallProgress = await recordOverallProgress(page);
    await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();
    await preview(page).waitFor({ state: "hidden" });
    const progress = await overallProgress();
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    await successToast(page);
    await page.getByText("Noch keine Bilder ausgewählt.").waitFor();
    await expect(previewButton.isDisabled()).resolves.toBe(true);
    await expect(chooser.inputValue()).resolves.toBe("");
    await pictureTile(page, firstText).waitFor();
    let actions = await openPictureActions(page, firstText);
    await expect(actions.getByRole("list", { name: "Kategorien" }).innerText()).resolves.toBe(category);
    await closePictureActions(page);
    actions = await openPictureActions(page, secondText);
    await expect(actions.getByRole("list", { name: "Kategorien" }).innerText()).resolves.toContain(extra);
    await closePictureActions(page);

    const stored = await storedReference((reference) => reference.description === firstText);
    expect(stored).toMatchObject({ filename: first, category: [category] });
    // The browser only shrinks the photo; the server makes the renditions, as for any client.
    expect(stored!.thumbnailUrl).toBe(stored!.url);
    const rendered = async () => (await storedReference((reference) => reference.id === stored!.id))!.sources;
    await expect.poll(async () => (await rendered()).map(({ type }) => type), { timeout: 30_000 }).toEqual([
      "image/avif",
      "image/webp",
      "image/jpeg",
    ]);
    const [smallestJpeg, width] = (await rendered())[2].srcSet.split(", ")[0].split(" ");
    expect(`${inspectJpeg(await storedBytes(smallestJpeg)).width}w`).toBe(width);

    // Zoom, from the picture's actions
    actions = await openPictureActions(page, firstText);
    await actions.getByRole("link", { name: `Bild vergrößern: ${firstText}` }).click();
    const zoom = page.getByRole("dialog", { name: "Bildansicht" });
    await zoom.waitFor();
    // A server rendition, or the stored display picture while the renditions are still being made.
    const shown = await zoom.getByRole("img", { name: firstText }).getAttribute("src");
    expect(shown === stored!.displayUrl || /-w\d+\.(avif|webp|jpg)$/.test(shown ?? ""), shown ?? "").toBe(true);
    await expect(zoom.getByText(category).isVisible()).resolves.toBe(true);
    await zoom.getByRole("button", { name: "Schließen" }).click();
    await zoom.waitFor({ state: "hidden" });
    // Focus goes back to the thumbnail the picture was opened from.
    const tile = pictureTile(page, firstText);
    await expect.poll(() => tile.evaluate((link) => link === document.activeElement)).toBe(true);

    // Edit
    const edited = unique("Sitzbank in Nappaleder");
    const editedCategory = unique("Nappa");
    await dismissToasts(page);
    actions = await openPictureActions(page, firstText);
    await actions.getByRole("link", { name: `Bearbeiten: ${firstText}` }).click();
    const editor = page.getByRole("dialog", { name: "Bild bearbeiten" });
    await editor.waitFor();
    await expect(editor.getByLabel("Beschreibung").inputValue()).resolves.toBe(firstText);
    await editor.getByLabel("Beschreibung").fill(edited);
    await editor.getByRole("button", { name: `Kategorie entfernen: ${category}` }).click();
    await editor.getByLabel("Neue Kategorie").fill(editedCategory);
    await editor.getByLabel("Neue Kategorie").press("Enter");
    await editor.getByRole("button", { name: "Bestätigen" }).click();
    await editor.waitFor({ state: "hidden" });
    await successToast(page);
    actions = await openPictureActions(page, edited);
    await expect(actions.getByRole("list", { name: "Kategorien" }).innerText()).resolves.toBe(editedCategory);

    // Delete, first changing our mind
    await actions.getByRole("link", { name: `Löschen: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Bist du sicher, dass du dieses Bild löschen möchtest?").waitFor();
    await confirm.getByRole("button", { name: "Abbrechen" }).click();
    await confirm.waitFor({ state: "hidden" });
    await expect(pictureTile(page, edited).count()).resolves.toBe(1);
    await dismissToasts(page);
    actions = await openPictureActions(page, edited);
    await actions.getByRole("link", { name: `Löschen: ${edited}` }).click();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await confirm.waitFor({ state: "hidden" });
    await successToast(page);
    await pictureTile(page, edited).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Liste der hochgeladenen Bilder");
    expect(await storedReference((reference) => reference.id === stored!.id)).toBeUndefined();
    await expect(pictureTile(page, secondText).count()).resolves.toBe(1);
  });

  it("stores a phone photo upright and without its location", async () => {
    const page = await openUploadPage();
    // 400×300 pixels that a phone marks as "turn 90° clockwise to view".
    const photo = await withGpsExif(await drawnImage(page, { width: 400, height: 300, type: "image/jpeg" }), { orientation: 6 });
    const sent = inspectJpeg(photo);
    expect(sent.exifTags).toContain(EXIF_GPS_TAG);
    expect(sent.containsGpsMarker).toBe(true);

    const name = `${unique("standort")}.jpg`;
    const description = unique("Foto mit Standort");
    await page.getByLabel("Globale Beschreibung verwenden").check();
    await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([{ name, mimeType: "image/jpeg", buffer: photo }]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await preview(page).getByLabel("Globale Beschreibung").fill(description);
    await expect(imageGroup(page, name).getByLabel("Beschreibung").count()).resolves.toBe(0);
    await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();
    await preview(page).waitFor({ state: "hidden" });

    const stored = await storedReference((reference) => reference.description === description);
    expect(stored?.filename).toBe(name);
    for (const url of [stored!.url, stored!.displayUrl, stored!.thumbnailUrl]) {
      const facts = inspectJpeg(await storedBytes(url));
      expect(facts.containsGpsMarker).toBe(false);
      expect(facts.exifTags).not.toContain(EXIF_GPS_TAG);
    }
    // Turned upright in the browser: the pixels themselves stand, no orientation flag needed.
    const original = inspectJpeg(await storedBytes(stored!.url));
    expect([original.width, original.height]).toEqual([300, 400]);
    expect(original.orientation).toBeNull();
    // The red left half of the sensor image is now on top.
    const top = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(150, 50, 1, 1).data.slice(0, 3)];
    }, stored!.url);
    expect(top[0]).toBeGreaterThan(150);
    expect(top[2]).toBeLessThan(100);
  });

  it("uploads a GIF as it is, without renditions", async () => {
    const page = await openUploadPage();
    // The smallest GIF89a: one transparent pixel.
    const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
    const name = `${unique("animation")}.gif`;
    const description = unique("Animiert");
    await page.getByLabel("Globale Beschreibung verwenden").check();
    await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([{ name, mimeType: "image/gif", buffer: gif }]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await preview(page).getByLabel("Globale Beschreibung").fill(description);
    await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();
    await preview(page).waitFor({ state: "hidden" });

    const stored = await storedReference((reference) => reference.description === description);
    expect(stored?.url).toMatch(/\.gif$/);
    expect(stored?.thumbnailUrl).toBe(stored?.url);
    expect(Buffer.from(await storedBytes(stored!.url)).subarray(0, 6).toString("latin1")).toBe("GIF89a");
  });

  it("refuses a file that is not a picture as soon as it is chosen, naming it", async () => {
    const page = await openUploadPage(PHONE);
    const jpeg = await drawnImage(page, { width: 320, height: 240, type: "image/jpeg" });
    const photo = `${unique("foto")}.jpg`;
    const text = `${unique("notiz")}.txt`;
    await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([
      { name: photo, mimeType: "image/jpeg", buffer: jpeg },
      { name: text, mimeType: "text/plain", buffer: Buffer.from("Nur eine Notiz.") },
    ]);
    await expect.poll(() => page.getByText("1 Bild ausgewählt.").isVisible()).toBe(true);
    const reason = page.getByRole("alert").getByText(`„${text}“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).`);
    expect(await reason.isVisible()).toBe(true);
    expect(await page.getByLabel(PHOTO_PICKER_LABEL).getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    expect(await preview(page).getByRole("img").count()).toBe(1);
    await page.context().close();
  });

  it("reports a failed file, retries it, and keeps the others stored", async () => {
    const page = await openUploadPage();
    const jpeg = await drawnImage(page, { width: 320, height: 240, type: "image/jpeg" });
    const good = `${unique("gut")}.jpg`;
    const flaky = `${unique("wackelig")}.jpg`;
    const broken = `${unique("kaputt")}.jpg`;
    const description = unique("Wiederholung");

    // The first attempt of one file loses its connection; later attempts reach the server.
    let dropped = false;
    await page.route("**/intern/uploadReference/bild", async (route) => {
      const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      if (!dropped && body.includes(flaky)) {
        dropped = true;
        return route.abort("connectionreset");
      }
      return route.continue();
    });

    await dismissToasts(page);
    await page.getByLabel("Globale Beschreibung verwenden").check();
    await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([
      { name: good, mimeType: "image/jpeg", buffer: jpeg },
      { name: flaky, mimeType: "image/jpeg", buffer: jpeg },
      // Text with a photo's name: the browser cannot decode it, the server refuses it.
      { name: broken, mimeType: "image/jpeg", buffer: Buffer.from("Das ist kein Bild, nur Text.") },
    ]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await preview(page).getByLabel("Globale Beschreibung").fill(description);
    await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();

    await imageGroup(page, broken)
      .getByRole("alert")
      .getByText(`„${broken}“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).`)
      .waitFor();
    await imageGroup(page, flaky).getByRole("alert").getByText("Keine Verbindung zum Server. Bitte erneut versuchen.").waitFor();
    await imageGroup(page, good).getByText("Hochgeladen", { exact: true }).waitFor();
    await expect(preview(page).getByText("1 von 3 Bildern hochgeladen").isVisible()).resolves.toBe(true);
    await expect(
      preview(page).getByRole("progressbar", { name: `Fortschritt: ${good}` }).getAttribute("aria-valuenow"),
    ).resolves.toBe("100");
    // A stored image can no longer be taken out of the upload.
    await expect(preview(page).getByRole("button", { name: `Bild entfernen: ${good}` }).count()).resolves.toBe(0);

    await imageGroup(page, flaky).getByRole("button", { name: `Erneut versuchen: ${flaky}` }).click();
    await imageGroup(page, flaky).getByText("Hochgeladen", { exact: true }).waitFor();
    await imageGroup(page, broken).getByRole("button", { name: `Erneut versuchen: ${broken}` }).click();
    await imageGroup(page, broken).getByRole("alert").getByText(`„${broken}“ ist kein unterstütztes Bild`, { exact: false }).waitFor();
    await expect(preview(page).isVisible()).resolves.toBe(true);

    // Without the broken file everything chosen is stored, so the upload is complete.
    await preview(page).getByRole("button", { name: `Bild entfernen: ${broken}` }).click();
    await preview(page).waitFor({ state: "hidden" });
    await successToast(page);
    const mine = (await storedReferences()).reference.filter((reference) => reference.description === description);
    expect(mine.map((reference) => reference.filename).sort()).toEqual([flaky, good].sort());
  });

  it("sends the staff member to the login page when the session ended, storing nothing", async () => {
    const page = await openUploadPage();
    const jpeg = await drawnImage(page, { width: 320, height: 240, type: "image/jpeg" });
    const name = `${unique("abgelaufen")}.jpg`;
    await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([{ name, mimeType: "image/jpeg", buffer: jpeg }]);
    await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
    await page.context().clearCookies();
    await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/intern/login" && url.searchParams.get("abgelaufen") === "1");
    expect(await storedReference((reference) => reference.filename === name)).toBeUndefined();
  });

  for (const [device, options] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`has no axe violations with the list, the preview and the dialogs (${device})`, async () => {
      const page = await openUploadPage(options);
      const jpeg = await drawnImage(page, { width: 320, height: 240, type: "image/jpeg" });
      const name = `${unique("barrierefrei")}.jpg`;
      const description = unique("Barrierefrei");
      await page.getByLabel(PHOTO_PICKER_LABEL).setInputFiles([{ name, mimeType: "image/jpeg", buffer: jpeg }]);
      await page.getByRole("button", { name: "Vorschau anzeigen und hochladen" }).click();
      await imageGroup(page, name).getByLabel("Beschreibung").fill(description);
      await imageGroup(page, name).getByLabel("Neue Kategorie").fill(unique("Kategorie"));
      await imageGroup(page, name).getByLabel("Neue Kategorie").press("Enter");
      await expectNoAxeViolations(page);
      await preview(page).getByRole("button", { name: "Hochladen", exact: true }).click();
      await preview(page).waitFor({ state: "hidden" });

      await pictureTile(page, description).waitFor();
      await expectNoAxeViolations(page);
      for (const [link, dialog] of [
        [`Bild vergrößern: ${description}`, "Bildansicht"],
        [`Bearbeiten: ${description}`, "Bild bearbeiten"],
        [`Löschen: ${description}`, "Löschbestätigung"],
      ]) {
        const actions = await openPictureActions(page, description);
        await expectNoAxeViolations(page);
        await actions.getByRole("link", { name: link }).click();
        await page.getByRole("dialog", { name: dialog }).waitFor();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: dialog }).waitFor({ state: "hidden" });
      }
    });
  }
});
