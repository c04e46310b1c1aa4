import { PHOTO_PICKER_LABEL } from "~/components/upload/photo-picker";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeContexts, workerChromium } from "./browser";
import { inspectJpeg } from "./fixtures/exif";
import { choosePhoneSizedPhotos } from "./fixtures/images";
import { storedBytes, storedReferences, unique, UPLOAD_PAGE } from "./fixtures/upload-page";
import { staffPage } from "./staff-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/**
 * Three, not ten: every stored photo is re-encoded and gets nine renditions on the server, which
 * on a two-core machine would slow every other test running meanwhile. `npm run bench` uploads ten.
 */
const PHOTOS = 3;

// The time is reported, not asserted: the figure depends on the machine.
it("shrinks phone photos to 2560 px before they leave the phone, and reports how long the upload took", { timeout: 300_000 }, async () => {
  const page = await staffPage(browser);
  await page.goto(UPLOAD_PAGE);
  const previewButton = page.getByRole("button", { name: "Vorschau anzeigen und hochladen" });
  await previewButton.waitFor();

  const prefix = unique("handyfoto");
  const description = unique("Zehn Handyfotos");
  const sizes = await choosePhoneSizedPhotos(page.getByLabel(PHOTO_PICKER_LABEL), { count: PHOTOS, prefix });
  await page.getByText(`${PHOTOS} Bilder ausgewählt.`).waitFor();
  await page.getByLabel("Globale Beschreibung verwenden").check();
  await previewButton.click();
  const preview = page.getByRole("dialog", { name: "Vorschau der ausgewählten Bilder" });
  await preview.getByLabel("Globale Beschreibung").fill(description);

  const started = performance.now();
  await preview.getByRole("button", { name: "Hochladen", exact: true }).click();
  await preview.waitFor({ state: "hidden", timeout: 240_000 });
  const seconds = (performance.now() - started) / 1000;

  const megabytes = sizes.reduce((sum, size) => sum + size, 0) / 1024 / 1024;
  console.log(
    `${PHOTOS} Fotos 4032×3024 (${megabytes.toFixed(1)} MB, ${(Math.min(...sizes) / 1024 / 1024).toFixed(1)}–` +
      `${(Math.max(...sizes) / 1024 / 1024).toFixed(1)} MB je Foto) vorbereitet und hochgeladen in ${seconds.toFixed(1)} s`,
  );

  const mine = (await storedReferences()).reference.filter((reference) => reference.description === description);
  expect(mine).toHaveLength(PHOTOS);
  const original = inspectJpeg(await storedBytes(mine[0].url));
  expect(Math.max(original.width, original.height)).toBe(2560);
});
