import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_NOTE } from "~/lib/projects";
import { staffEnquiryHref } from "~/lib/site-areas";
import { apiCall, apiToken, baseURL, closeContexts, PHONE, workerChromium } from "./browser";
import { sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { unique } from "./fixtures/upload-page";
import { openSettledPage } from "./pages-fixtures";
import { testPng } from "./png";
import { staffPage } from "./staff-helpers";

/*
 * Issue 40 end to end, as the two people do it: the customer allows her photos and her words on
 * her status page, the workshop turns the job into a project, the page shows both with the
 * § 5b UWG note; she takes them back and the page drops them, her photo's address answers 404.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe("a project with the customer's consent, on phones", () => {
  it("shows her photo and words while she agrees, and neither once she takes them back", async () => {
    const name = unique("Kundin Projekt");
    const { reference, location } = await sendEnquiry(
      { thema: "Cabrioverdeck", fahrzeug: "Mercedes SL R107", beschreibung: "Verdeck eingerissen.", name, telefon: "0221 555124" },
      [{ name: "verdeck.png", buffer: Buffer.from(await testPng(400, 300, [120, 60, 30])), mimeType: "image/png" }],
    );
    const { id } = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
    const token = await apiToken();
    for (const step of ["enquiry/arrived", "enquiry/finish", "enquiry/collected"]) await apiCall(step, { token, json: { id, early: true } });

    const customer = await openSettledPage(browser, PHONE);
    await customer.goto(location);
    await customer.getByRole("checkbox", { name: /die Fotos meines Fahrzeugs/ }).check();
    await customer.getByRole("button", { name: "Fotos freigeben" }).click();
    await customer.getByText("Vielen Dank für Ihr Vertrauen!").waitFor();
    const words = "Das Verdeck sitzt wie am ersten Tag.";
    await customer.getByRole("textbox").fill(words);
    await customer.getByRole("checkbox", { name: /meinen Text oben/ }).check();
    await customer.getByRole("button", { name: "Text freigeben" }).click();
    await customer.getByText(`– Kundin/Kunde aus Köln`).first().waitFor();

    const staff = await staffPage(browser, PHONE);
    await staff.goto(staffEnquiryHref(id));
    await staff.getByRole("button", { name: "Als Projekt zeigen" }).click();
    await staff.getByRole("heading", { level: 2, name: "Cabrioverdeck – Mercedes SL R107" }).waitFor();
    await staff.getByLabel("Nachher-Fotos aufnehmen oder auswählen").setInputFiles({
      name: "nachher.png",
      mimeType: "image/png",
      buffer: Buffer.from(await testPng(640, 480, [30, 30, 30])),
    });
    await staff.getByLabel("Kennzeichen nicht erkennbar").click();
    await staff.getByLabel("Keine Gesichter erkennbar").click();
    await staff.getByRole("button", { name: "Veröffentlichen" }).click();
    await staff.getByText("Veröffentlicht", { exact: true }).first().waitFor();

    type Listed = { project: { id: string; url: string; enquiryId?: string; pictures: { url: string; fromCustomer: boolean }[] }[] };
    const { id: projectId } = ((await apiCall("project/get?limit=50", { token })) as Listed).project.find((candidate) => candidate.enquiryId === id)!;
    // Her photo's public address, as a visitor's list has it (staff get the private one).
    const published = ((await apiCall("project/get?limit=50")) as Listed).project.find((candidate) => candidate.id === projectId)!;
    const herPhoto = published.pictures.find((picture) => picture.fromCustomer)!;
    expect(herPhoto).toBeDefined();

    const visitor = await openSettledPage(browser, { ...PHONE, javaScriptEnabled: false });
    await visitor.goto(published.url);
    await visitor.getByText(words).waitFor();
    await visitor.getByText(STATEMENT_NOTE).waitFor();
    const shown = visitor.locator(`img[src*="${new URL(herPhoto.url, baseURL()).pathname}"]`);
    expect(await shown.count()).toBeGreaterThan(0);
    // Her photo as the visitor's browser drew it: loaded, with real pixels.
    await shown.first().scrollIntoViewIfNeeded();
    await expect.poll(() => shown.first().evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBeGreaterThan(0);

    await customer.getByRole("button", { name: "Fotos: Nicht mehr zeigen" }).click();
    await customer.getByText("Ihre Zustimmung ist zurückgenommen.").waitFor();
    await customer.getByRole("button", { name: "Kundenstimme: Nicht mehr zeigen" }).click();
    await customer.getByText("Ihre Zustimmung ist zurückgenommen.").waitFor();

    expect((await fetch(new URL(herPhoto.url, baseURL()))).status).toBe(404);
    await visitor.reload();
    await visitor.getByRole("heading", { level: 1 }).waitFor();
    expect(await visitor.getByText(words).count()).toBe(0);
    expect(await visitor.getByText(STATEMENT_NOTE).count()).toBe(0);
    expect(await visitor.locator(`img[src*="${new URL(herPhoto.url, baseURL()).pathname}"]`).count()).toBe(0);
  });
});
