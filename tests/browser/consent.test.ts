import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, closeContexts, PHONE, workerChromium } from "./browser";
import { sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { unique } from "./fixtures/upload-page";
import { openSettledPage } from "./pages-fixtures";
import { expectNoAxeViolations, MODES, staffPage } from "./staff-helpers";

/*
 * The customer's consent to show her job (issue 40, decision 025), on a phone with and without
 * JavaScript: once the car is done her status page asks, every box unticked; she allows her
 * photos and her words, staff see it on the job card, she takes the photos back.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** An enquiry staff took through to "Abgeholt" (a collected job shows "fertig" at once: no undo window); its status page and id. */
async function collectedJob(name: string) {
  const { reference, location } = await sendEnquiry({ thema: "Autositze", fahrzeug: "Porsche 911, 1988", beschreibung: "Fahrersitz eingerissen.", name, telefon: "0221 555123" });
  const { id } = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!;
  const token = await apiToken();
  await apiCall("enquiry/arrived", { token, json: { id, early: true } });
  await apiCall("enquiry/finish", { token, json: { id } });
  await apiCall("enquiry/collected", { token, json: { id } });
  return { id, location };
}

const card = (page: Page) => page.getByRole("region", { name: "Dürfen wir Ihr Fahrzeug zeigen?" });

describe.each(MODES)("the consent card on a phone $name", ({ javaScriptEnabled }) => {
  it("asks with unticked boxes; the customer allows photos and words, staff see it, she takes the photos back", async () => {
    const name = unique("Kundin Zeigen");
    const { id, location } = await collectedJob(name);
    const customer = await openSettledPage(browser, { ...PHONE, javaScriptEnabled });
    await customer.goto(location);
    await card(customer).waitFor();
    const boxes = card(customer).getByRole("checkbox");
    expect(await boxes.count()).toBe(2);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
    // The most private name form is preselected; no Google link while the record has none.
    expect(await card(customer).getByRole("radio", { name: "Kundin/Kunde aus Köln" }).isChecked()).toBe(true);
    expect(await card(customer).getByRole("link", { name: "Bei Google bewerten" }).count()).toBe(0);

    // The photos: without the tick nothing is stored.
    await customer.getByRole("button", { name: "Fotos freigeben" }).click();
    await customer.getByText("Bitte setzen Sie das Häkchen, wenn Sie zustimmen möchten.").waitFor();
    await card(customer).getByRole("checkbox", { name: /die Fotos meines Fahrzeugs/ }).check();
    await customer.getByRole("button", { name: "Fotos freigeben" }).click();
    await customer.getByText("Vielen Dank für Ihr Vertrauen!").waitFor();
    await card(customer).getByText(/^Erlaubt seit/).waitFor();

    // Her words under her initials; the counter runs where scripts do.
    const text = "Sitz wie neu, sehr freundlich.";
    await card(customer).getByRole("textbox").fill(text);
    if (javaScriptEnabled) await card(customer).getByText(`${text.length} von 600 Zeichen`).waitFor();
    else await card(customer).getByText("Höchstens 600 Zeichen.").waitFor();
    const initials = name.split(/\s+/).map((part) => `${part[0].toUpperCase()}.`).join(" ");
    await card(customer).getByRole("radio", { name: initials }).check();
    await card(customer).getByRole("checkbox", { name: /meinen Text oben/ }).check();
    await customer.getByRole("button", { name: "Text freigeben" }).click();
    await customer.getByText("Vielen Dank für Ihr Vertrauen!").waitFor();
    await card(customer).getByText(`– ${initials}`).waitFor();
    expect(await card(customer).getByText(/^Erlaubt seit/).count()).toBe(2);

    const staff = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await staff.goto(`/intern/anfragen?anfrage=${id}`);
    const line = staff.getByText(/^Darf gezeigt werden:/);
    expect(await line.textContent()).toMatch(/^Darf gezeigt werden: Fotos ✓ja \(seit \d\d\.\d\d\.\), Kundenstimme ✓ja \(seit \d\d\.\d\d\., als „.+“\)$/);

    // "Nicht mehr zeigen": the photos go, the words stay, and the box is offered again, unticked.
    await card(customer).getByRole("button", { name: "Fotos: Nicht mehr zeigen" }).click();
    await customer.getByText("Ihre Zustimmung ist zurückgenommen.").waitFor();
    expect(await card(customer).getByRole("checkbox", { name: /die Fotos meines Fahrzeugs/ }).isChecked()).toBe(false);
    expect(await card(customer).getByText(/^Erlaubt seit/).count()).toBe(1);
    await staff.reload();
    expect(await staff.getByText(/^Darf gezeigt werden:/).textContent()).toMatch(/^Darf gezeigt werden: Fotos ✗nein, Kundenstimme ✓ja/);
  });
});

describe("the consent card's accessibility", () => {
  it("has no axe violations on a phone", async () => {
    const { location } = await collectedJob(unique("Kundin Axe"));
    const page = await openSettledPage(browser, PHONE);
    await page.goto(location);
    await card(page).waitFor();
    await expectNoAxeViolations(page);
  });
});
