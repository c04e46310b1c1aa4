import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { STATEMENT_NOTE } from "~/lib/projects";
import { staffEnquiryHref } from "~/lib/site-areas";
import { axeViolations } from "./axe";
import { apiCall, apiToken, closeContexts, openPage, PHONE, shipsAppScripts, workerChromium } from "./browser";
import { sendEnquiry } from "./fixtures/enquiry";
import { uploadReference } from "./pages-fixtures";
import { testPng } from "./png";
import { MODES, staffPage, uniqueTitle, withoutAppScripts } from "./staff-helpers";

/* Issue 40: a finished job becomes a project page in a few taps; the page is a document with its pairs and its way to the form. */

let browser: Browser;
beforeAll(async () => {
  browser = await workerChromium();
});
afterAll(async () => {
  await closeContexts(browser);
});

interface Project {
  id: string;
  slug: string;
  url: string;
  title: string;
  published: boolean;
  pictures: { id: string; role: string; fromCustomer: boolean }[];
}

/** A customer's job with one photo, taken to "fertig" through the API. */
async function finishedJob(token: string, name: string) {
  const photo = Buffer.from(await testPng(400, 300, [150, 80, 40]));
  const { reference } = await sendEnquiry(
    { thema: "Autositze", fahrzeug: "Porsche 911 (964)", beschreibung: "Fahrersitz an der Wange gerissen.", name, email: "kunde@beispiel.de", schaden: "Riss" },
    [{ name: "sitz.png", buffer: photo, mimeType: "image/png" }],
  );
  const enquiries = (await apiCall("enquiry/get?limit=50", { token })) as { id: string; reference: string }[];
  const { id } = enquiries.find((enquiry) => enquiry.reference === reference)!;
  const validUntil = addDays(workshopDate(new Date()), 20);
  await apiCall("enquiry/quote", { token, json: { id, kind: "richtpreis", items: [{ text: "Fahrersitz neu beziehen", quantity: 1, unitPriceGross: 35400 }], validUntil } });
  await apiCall("enquiry/arrived", { token, json: { id, early: true } });
  await apiCall("enquiry/finish", { token, json: { id } });
  return id;
}

/**
 * A phone's page; "ohne JavaScript" as a browser without it gets the site (the app's scripts not
 * loaded), with scripting left on for axe-core, whose timers a context without JavaScript never runs.
 */
async function phonePage(javaScriptEnabled: boolean, { staff }: { staff: boolean }) {
  const page = staff ? await staffPage(browser, PHONE) : await openPage(browser, PHONE);
  if (!javaScriptEnabled) await withoutAppScripts(page);
  return page;
}

const projectsOf = async (token: string) => ((await apiCall("project/get?limit=50", { token })) as { project: Project[] }).project;

describe.each(MODES)("a finished job as a project on a phone $name", ({ javaScriptEnabled }) => {
  it("becomes a published project page in at most five taps after the after photo", async () => {
    const token = await apiToken();
    const id = await finishedJob(token, uniqueTitle("Kundin Projekt"));
    const page = await phonePage(javaScriptEnabled, { staff: true });
    await page.goto(staffEnquiryHref(id));

    let taps = 0;
    const tap = async (click: Promise<void>) => {
      taps++;
      await click;
    };
    await tap(page.getByRole("button", { name: "Als Projekt zeigen" }).click());
    await page.getByRole("heading", { level: 2, name: "Autositze – Porsche 911 (964)" }).waitFor();
    // The after photo from the phone's camera or gallery, through the photo tile.
    await page.getByLabel("Nachher-Fotos aufnehmen oder auswählen").setInputFiles({
      name: "nachher.png",
      mimeType: "image/png",
      buffer: Buffer.from(await testPng(640, 480, [40, 30, 20])),
    });
    await tap(page.getByLabel("Kennzeichen nicht erkennbar").click());
    await tap(page.getByLabel("Keine Gesichter erkennbar").click());
    await tap(page.getByRole("button", { name: "Veröffentlichen" }).click());
    await page.getByText("Veröffentlicht", { exact: true }).first().waitFor();
    expect(taps).toBeLessThanOrEqual(5);

    const project = (await projectsOf(token)).find((candidate) => candidate.title === "Autositze" && candidate.published && candidate.pictures.some((picture) => picture.role === "nachher"));
    expect(project).toBeDefined();
    // Without her consent the customer's photo stays out.
    expect(project!.pictures.every((picture) => !picture.fromCustomer)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("refuses to publish before the checklist is ticked", async () => {
    const token = await apiToken();
    const id = await finishedJob(token, uniqueTitle("Kunde Liste"));
    const page = await phonePage(javaScriptEnabled, { staff: true });
    await page.goto(staffEnquiryHref(id));
    await page.getByRole("button", { name: "Als Projekt zeigen" }).click();
    await page.getByRole("heading", { level: 2, name: "Autositze – Porsche 911 (964)" }).waitFor();
    await page.getByRole("button", { name: "Veröffentlichen" }).click();
    await page.getByText(/Vor dem Veröffentlichen bitte bestätigen: Kennzeichen nicht erkennbar, Keine Gesichter erkennbar/).first().waitFor();
  });
});

describe.each(MODES)("a project page on a phone $name", ({ javaScriptEnabled }) => {
  it("is a document with its before/after pair, valid JSON-LD without ratings, and asks for a similar project in the form", async () => {
    const token = await apiToken();
    const title = uniqueTitle("Lenkrad neu bezogen");
    const before = await uploadReference(token, { description: "Lenkrad vorher", category: [], colour: 1 });
    const after = await uploadReference(token, { description: "Lenkrad nachher", category: [], colour: 2 });
    const project = (await apiCall("project/save", {
      token,
      json: {
        title,
        vehicle: "BMW E30",
        work: "Lenkrad in Nappaleder neu bezogen\nKreuznaht in Rot",
        material: "Nappaleder",
        duration: "1 Tag",
        published: true,
        pictures: [
          { id: before.id, role: "vorher" },
          { id: after.id, role: "nachher" },
        ],
      },
    })) as Project;

    const page = await phonePage(javaScriptEnabled, { staff: false });
    await page.goto(project.url);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await shipsAppScripts(page)).toBe(false);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    await page.getByRole("img", { name: `Vorher: ${title} – BMW E30` }).waitFor();
    await page.getByRole("img", { name: `Nachher: ${title} – BMW E30` }).waitFor();
    expect(await page.getByText(STATEMENT_NOTE).count()).toBe(0);

    const jsonLd = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "")));
    expect(jsonLd.find((entry) => entry["@type"] === "CreativeWork")).toMatchObject({ name: title, about: { "@type": "Vehicle", name: "BMW E30" } });
    expect(JSON.stringify(jsonLd)).not.toMatch(/Review|AggregateRating/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Ähnliches Projekt anfragen" }).click();
    await page.waitForURL(`**/anfrage?projekt=${project.slug}`);
    await page.getByText("Ihre Anfrage bezieht sich auf das Projekt:").waitFor();
    await page.getByText(`${title} – BMW E30`).waitFor();
    expect(await page.getByLabel("Projekt mitsenden").isChecked()).toBe(true);
  });
});
