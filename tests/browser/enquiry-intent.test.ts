import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, closeContexts, PHONE, waitForHydration, workerChromium } from "./browser";
import { afterHumanFillTime, asVisitorFrom, ENQUIRY_PAGE, staffEnquiries } from "./fixtures/enquiry";
import { openSettledPage, type UploadedReference, uploadReference } from "./pages-fixtures";
import { MODES, staffPage, uniqueTitle } from "./staff-helpers";

/*
 * Issue 30: the buttons that lead to the enquiry carry what the visitor was looking at — the
 * gallery picture into the form, the sent enquiry, the staff's job card and the API; the
 * Ledermuster page's consultation as its topic.
 */

let browser: Browser;
let picture: UploadedReference;
beforeAll(async () => {
  browser = await workerChromium();
  picture = await uploadReference(await apiToken(), { description: uniqueTitle("Lenkrad in Nappa"), category: ["Lenkräder"], colour: 2 });
});
afterAll(async () => {
  await closeContexts(browser);
});

describe.each(MODES)("what the visitor looked at goes with the enquiry $name", ({ javaScriptEnabled }) => {
  it("'Ähnliches Projekt anfragen' in the viewer opens the form with the picture, and the sent enquiry carries it to the inbox and the API", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await asVisitorFrom(page.context());
    await page.goto(`/referenz?bild=${picture.id}`);
    await page.getByRole("link", { name: "Ähnliches Projekt anfragen – mit diesem Bild" }).click();
    await page.waitForURL((url) => url.pathname === ENQUIRY_PAGE && url.searchParams.get("bezug") === picture.id);
    if (javaScriptEnabled) await waitForHydration(page);

    const shown = page.locator("figure", { hasText: "Ihre Anfrage bezieht sich auf:" });
    await shown.getByText(picture.description).waitFor();
    expect(await shown.locator("img").evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await shown.getByRole("checkbox", { name: "Bild mitsenden" }).isChecked()).toBe(true);
    // "Lenkräder" in the gallery is "Lenkrad" in the form.
    expect(await page.getByRole("radio", { name: "Lenkrad" }).isChecked()).toBe(true);

    const description = uniqueTitle("So eins für meinen Golf");
    await page.getByLabel("Beschreibung *").fill(description);
    await page.getByLabel("Name *").fill("Max Mustermann");
    await page.getByLabel("Telefon", { exact: true }).fill("0221 555123");
    await afterHumanFillTime(page);
    await page.getByRole("button", { name: "Anfrage senden" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/anfrage/status/"));

    const stored = (await staffEnquiries()).find((enquiry) => enquiry.description === description)!;
    expect(stored).toMatchObject({ topic: "Lenkrad", referencePicture: { id: picture.id, url: picture.url, description: picture.description } });

    const staff = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await staff.goto(`/intern/anfragen?anfrage=${stored.id}`);
    const reference = staff.locator("figure", { hasText: "Bezieht sich auf dieses Bild aus der Galerie:" });
    await reference.getByText(picture.description).waitFor();
    expect(await reference.getByRole("link", { name: "In der Galerie ansehen" }).getAttribute("href")).toBe(`/referenz?bild=${picture.id}`);
    await staff.context().close();
    await page.context().close();
  });

  it("'Termin zur Musterberatung anfragen' on /ledermuster opens the form on the topic Musterberatung", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto("/ledermuster");
    await page.getByRole("link", { name: "Termin zur Musterberatung anfragen" }).click();
    await page.waitForURL((url) => url.pathname === ENQUIRY_PAGE);
    expect(await page.getByRole("radio", { name: "Musterberatung" }).isChecked()).toBe(true);
    await page.context().close();
  });

  it("leaves the form as it is for a picture that is unknown", async () => {
    const page = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(`${ENQUIRY_PAGE}?bezug=00000000-0000-4000-8000-000000000000`);
    await page.getByRole("button", { name: "Anfrage senden" }).waitFor();
    expect(await page.getByText("Ihre Anfrage bezieht sich auf:").count()).toBe(0);
    await page.context().close();
  });
});
