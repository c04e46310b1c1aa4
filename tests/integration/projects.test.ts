import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { STATEMENT_NOTE } from "~/lib/projects";
import { CUSTOMER_PHOTOS_REFUSED, PROJECT_NEEDS_FINISHED_JOB, projectFromJob, STATEMENT_REFUSED } from "~/server/entities/projects.server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { ACTOR, api, body, db, expectError, rowCount, site, staffToken } from "./helpers";
import { job } from "./job-helpers";
import { afterPicture, finishedJob, giveConsent, saveProject, withdrawConsent } from "./project-helpers";

/*
 * Project pages (issue 40): made from a finished job, the customer's photos and words only with
 * her consent, asked at every read, so a withdrawal takes them off the page and their addresses
 * at once; the Papierkorb gives a project back whole.
 */

interface ApiProject {
  id: string;
  slug: string;
  url: string;
  title: string;
  vehicle: string;
  work: string;
  published: boolean;
  statement: { text: string; shownName: string } | null;
  pictures: { id: string; role: string; fromCustomer: boolean; url: string }[];
  consent?: { photos: boolean; statement: boolean };
}

const STATEMENT = { text: "Der Sitz sieht aus wie neu. Termin pünktlich, alles erklärt.", shownName: "K. P. aus Köln" };

describe("a project from a finished job", () => {
  it("takes the vehicle, the topic, the damage and the price's lines, and the customer's photos only where she agreed", async () => {
    const token = await staffToken();
    const open = await job("Offen Projekt");
    await expect(projectFromJob(db(), ACTOR, open.id)).rejects.toMatchObject({ status: 409, message: PROJECT_NEEDS_FINISHED_JOB });

    const without = await finishedJob(token);
    const draft = await projectFromJob(db(), ACTOR, without.id);
    expect(draft).toMatchObject({
      title: "Autositze",
      vehicle: CUSTOMER[F.vehicle],
      work: "Schaden: Riss, Brandloch\nFahrersitz neu beziehen\nBrandloch im Beifahrersitz reparieren",
      published: false,
      enquiryId: without.id,
      pictures: [],
      showStatement: false,
      consent: { photos: false, statement: false },
    });
    // Asked again, the job opens the same draft.
    expect((await projectFromJob(db(), ACTOR, without.id)).id).toBe(draft.id);

    const agreed = await finishedJob(token);
    await giveConsent(agreed.id, "fotos");
    await giveConsent(agreed.id, "stimme", STATEMENT);
    const filled = await projectFromJob(db(), ACTOR, agreed.id);
    expect(filled.pictures.map(({ id, role, fromCustomer }) => ({ id, role, fromCustomer }))).toEqual(
      agreed.photos.map((id) => ({ id, role: "vorher", fromCustomer: true })),
    );
    expect(filled).toMatchObject({ showStatement: true, statement: STATEMENT, consent: { photos: true, statement: true } });
  });
});

describe("the customer's consent", () => {
  it("refuses to save her photos or to show her words without it, a German 409 with nothing written", async () => {
    const token = await staffToken();
    const { id, photos } = await finishedJob(token);
    const before = await rowCount("projects");
    const draft = { title: "Sitz neu bezogen", vehicle: "VW Golf II", enquiryId: id };
    await expectError(await api("project/save", { token, json: { ...draft, pictures: [{ id: photos[0], role: "vorher" }] } }), 409, CUSTOMER_PHOTOS_REFUSED);
    await expectError(await api("project/save", { token, json: { ...draft, statement: true } }), 409, STATEMENT_REFUSED);
    await expectError(await api("project/save", { token, json: { ...draft, published: true, pictures: [{ id: photos[0], role: "vorher" }] } }), 409, CUSTOMER_PHOTOS_REFUSED);
    // A photo of another job is no picture of this project at all.
    const other = await finishedJob(token);
    await giveConsent(other.id, "fotos");
    await expectError(await api("project/save", { token, json: { ...draft, pictures: [{ id: other.photos[0], role: "vorher" }] } }), 400);
    expect(await rowCount("projects")).toBe(before);
  });

  it("withdrawn, takes her photos and words off the page and makes their addresses answer 404, through the edge cache", async () => {
    const token = await staffToken();
    const { id, photos } = await finishedJob(token);
    await giveConsent(id, "fotos");
    await giveConsent(id, "stimme", STATEMENT);
    const after = await afterPicture(token);
    const project = await saveProject<ApiProject>(token, {
      title: "Fahrersitz neu bezogen",
      vehicle: "Porsche 911 (993)",
      work: "Sitzfläche neu gepolstert\nNappaleder genäht",
      material: "Nappaleder Schwarz",
      duration: "3 Tage",
      published: true,
      statement: true,
      enquiryId: id,
      pictures: [
        { id: photos[0], role: "vorher" },
        { id: after, role: "nachher" },
      ],
    });
    expect(project.url).toBe(`/referenz/projekt/${project.slug}`);
    expect(project.slug).toMatch(/^porsche-911-993-fahrersitz-neu-bezogen/);

    const photoUrl = `${project.url}/foto/${photos[0]}`;
    const page = await site(project.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(photoUrl);
    expect(html).toContain("Der Sitz sieht aus wie neu.");
    expect(html).toContain(STATEMENT_NOTE);
    expect((await site(photoUrl)).status).toBe(200);
    // Seen once more: now from the edge cache, still with her photo.
    expect(await (await site(project.url)).text()).toContain(photoUrl);

    await withdrawConsent(id);
    expect((await site(photoUrl)).status).toBe(404);
    // Her card's write bumps the content version (decision 010); any write does.
    await saveProject(token, { title: "Anderes Projekt", vehicle: "Mini" });
    const withdrawn = await (await site(project.url)).text();
    expect(withdrawn).not.toContain(photoUrl);
    expect(withdrawn).not.toContain("Der Sitz sieht aus wie neu.");
    expect(withdrawn).not.toContain(STATEMENT_NOTE);
    const listed = await body<{ project: ApiProject[] }>(await api("project/get?limit=50"));
    const shown = listed.project.find((candidate) => candidate.id === project.id)!;
    expect(shown.pictures.map(({ id: pictureId }) => pictureId)).toEqual([after]);
    expect(shown.statement).toBeNull();
    expect(shown.consent).toBeUndefined();
    // Staff still see the photo in the draft list, marked as hers and without consent.
    const staffList = await body<{ project: ApiProject[] }>(await api("project/get?limit=50", { token }));
    expect(staffList.project.find((candidate) => candidate.id === project.id)).toMatchObject({ consent: { photos: false, statement: false } });
    // Publishing it again with her photo is refused.
    await expectError(
      await api("project/save", { token, json: { id: project.id, title: "x", vehicle: "y", published: true, pictures: [{ id: photos[0], role: "vorher" }] } }),
      409,
      CUSTOMER_PHOTOS_REFUSED,
    );
  });
});

describe("project pages", () => {
  it("go into the Papierkorb with their pictures and come back whole: address, order, published", async () => {
    const token = await staffToken();
    const [first, second] = [await afterPicture(token, "Vorher Lenkrad"), await afterPicture(token, "Nachher Lenkrad")];
    const project = await saveProject<ApiProject>(token, {
      title: "Lenkrad neu bezogen",
      vehicle: "BMW E30",
      published: true,
      pictures: [
        { id: first, role: "vorher" },
        { id: second, role: "nachher" },
      ],
    });
    expect((await site(project.url)).status).toBe(200);
    const sitemap = await (await site("/sitemap.xml")).text();
    expect(sitemap).toContain(project.url);

    expect(await body(await api("project/delete", { token, json: { id: project.id } }))).toEqual({ id: project.id });
    expect((await site(project.url)).status).toBe(404);
    expect(await (await site("/sitemap.xml")).text()).not.toContain(project.url);
    // Its address stays its own while it waits in the Papierkorb.
    const twin = await saveProject<ApiProject>(token, { title: "Lenkrad neu bezogen", vehicle: "BMW E30" });
    expect(twin.slug).not.toBe(project.slug);

    const trash = await body<{ id: string; kind: string; title: string }[]>(await api("trash/get?limit=100", { token }));
    expect(trash.find((entry) => entry.id === project.id)).toMatchObject({ kind: "project", title: "Lenkrad neu bezogen – BMW E30" });
    expect((await api("trash/restore", { token, json: { id: project.id } })).status).toBe(200);
    const restored = (await body<{ project: ApiProject[] }>(await api("project/get?limit=50", { token }))).project.find((candidate) => candidate.id === project.id)!;
    expect(restored).toMatchObject({ slug: project.slug, published: true, title: "Lenkrad neu bezogen" });
    expect(restored.pictures.map(({ id, role }) => ({ id, role }))).toEqual([
      { id: first, role: "vorher" },
      { id: second, role: "nachher" },
    ]);
    expect((await site(project.url)).status).toBe(200);
  });

  it("carry „Ähnliches Projekt anfragen“ into the form, which stores the project with the enquiry", async () => {
    const token = await staffToken();
    const picture = await afterPicture(token, "Dachhimmel");
    const project = await saveProject<ApiProject>(token, { title: "Himmel neu bespannt", vehicle: "Mercedes W124", published: true, pictures: [{ id: picture, role: "bild" }] });
    const form = await (await site(`/anfrage?projekt=${project.slug}`)).text();
    expect(form).toContain("Himmel neu bespannt – Mercedes W124");
    const name = `Projekt-Anfrage-${Date.now().toString(36)}`;
    await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: name, [F.project]: project.slug })));
    const stored = await env.DB.prepare("select project_id from enquiries where name = ?").bind(name).first<{ project_id: string }>();
    expect(stored?.project_id).toBe(project.id);
    const enquiries = await body<{ name: string; project: { slug: string } | null }[]>(await api("enquiry/get?limit=50", { token }));
    expect(enquiries.find((enquiry) => enquiry.name === name)?.project).toMatchObject({ slug: project.slug, url: project.url });
  });

  it("are documents with the after picture as link preview and JSON-LD without review markup", async () => {
    const token = await staffToken();
    const after = await afterPicture(token, "Sitz nachher");
    const project = await saveProject<ApiProject>(token, { title: "Sitzbank neu", vehicle: "Vespa PX", published: true, pictures: [{ id: after, role: "nachher" }] });
    const html = await (await site(project.url)).text();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    expect(html).not.toContain("modulepreload");
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/images/references/${after}-w\\d+\\.jpg"`));
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]));
    const work = jsonLd.find((entry) => entry["@type"] === "CreativeWork");
    expect(work).toMatchObject({ name: "Sitzbank neu", about: { "@type": "Vehicle", name: "Vespa PX" } });
    expect(JSON.stringify(jsonLd)).not.toMatch(/Review|AggregateRating/);
    // A draft has no page.
    const draft = await saveProject<ApiProject>(token, { title: "Noch geheim", vehicle: "Opel GT" });
    expect((await site(draft.url)).status).toBe(404);
  });
});
