import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeContexts, openPage, PHONE, workerChromium } from "./browser";
import { sendEnquiry, staffEnquiries } from "./fixtures/enquiry";
import { drawnImage } from "./fixtures/images";
import { unique } from "./fixtures/upload-page";
import { expectNoAxeViolations, inEveryAxeLook, MODES, staffPage, toasts } from "./staff-helpers";

let browser: Browser;
let helper: Page;
beforeAll(async () => {
  browser = await workerChromium();
  helper = await openPage(browser);
});
afterAll(async () => {
  await closeContexts(browser);
});

const INBOX = "/intern/anfragen";

async function customerEnquiry(name: string) {
  const png = await drawnImage(helper, { width: 300, height: 200, type: "image/png" });
  return sendEnquiry(
    { thema: "Dachhimmel", fahrzeug: "Mercedes W123", beschreibung: "Der Himmel hängt durch.", name, email: "kunde@beispiel.de" },
    [
      { name: "a.png", buffer: png, mimeType: "image/png" },
      { name: "b.png", buffer: png, mimeType: "image/png" },
    ],
  );
}

describe.each(MODES)("the staff inbox on a phone $name", ({ javaScriptEnabled }) => {
  it("shows the new enquiry with its count, opens it with its photos, sets status and note, and deletes it", async () => {
    const name = unique("Kundin");
    const { reference } = await customerEnquiry(name);
    const page = await staffPage(browser, { ...PHONE, javaScriptEnabled });
    await page.goto(INBOX);

    // The navigation's "Anfragen" carries the number of new ones (behind the menu on a phone).
    const newCount = (await staffEnquiries("neu")).length;
    await page.getByText("Menü", { exact: true }).first().click();
    await page.getByRole("link", { name: `Anfragen ${newCount} neue` }).first().waitFor();
    await page.getByRole("link", { name: `Anfragen ${newCount} neue` }).first().click();
    await page.waitForURL((url) => url.pathname === INBOX);

    await page.getByRole("link", { name: `${reference} · ${name}` }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(`Anfrage ${reference}`) }).waitFor();
    await page.getByText("Der Himmel hängt durch.").waitFor();
    await expect(page.getByRole("link", { name: "Per E-Mail antworten" }).getAttribute("href")).resolves.toContain(
      `subject=${encodeURIComponent(`Ihre Anfrage ${reference}`)}`,
    );
    // The photos load for staff, large in the viewer too.
    const thumbnail = page.getByRole("link", { name: "Foto 1 vergrößern" });
    await expect.poll(() => thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await thumbnail.click();
    const viewer = page.getByRole("dialog", { name: "Foto 1 von 2" });
    await expect.poll(() => viewer.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await viewer.getByRole(javaScriptEnabled ? "button" : "link", { name: "Schließen" }).click();
    await viewer.waitFor({ state: "detached" });
    // Looking changed nothing.
    expect((await staffEnquiries()).find((enquiry) => enquiry.reference === reference)?.status).toBe("neu");

    const note = unique("Angebot 380 € gemacht");
    await page.getByLabel("Status").selectOption({ label: "In Bearbeitung" });
    await page.getByLabel("Interne Notiz").fill(note);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect((await staffEnquiries()).find((enquiry) => enquiry.reference === reference)).toMatchObject({ status: "in-bearbeitung", note });
    expect(await page.getByLabel("Interne Notiz").inputValue()).toBe(note);

    await page.getByRole("link", { name: "Löschen" }).click();
    const confirm = page.getByRole("dialog", { name: "Löschbestätigung" });
    await confirm.getByText("Bist du sicher, dass du diese Anfrage löschen möchtest?").waitFor();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await page.waitForURL((url) => url.pathname === INBOX && url.search === "");
    await expect.poll(() => toasts(page).textContent()).toContain("Aktion Erfolgreich");
    expect((await staffEnquiries()).some((enquiry) => enquiry.reference === reference)).toBe(false);
  });
});

describe("accessibility of the staff inbox", () => {
  it("has no axe violations on the list and the detail view, in every look", async () => {
    const { reference } = await customerEnquiry(unique("Axe"));
    const id = (await staffEnquiries()).find((enquiry) => enquiry.reference === reference)!.id;
    await inEveryAxeLook(
      (options) => staffPage(browser, options),
      async (page) => {
        for (const path of [INBOX, `${INBOX}?anfrage=${id}`, `${INBOX}?anfrage=${id}&loeschen=${id}`]) {
          await page.goto(path);
          await expectNoAxeViolations(page);
        }
      },
    );
  });
});
