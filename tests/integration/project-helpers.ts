import { env } from "cloudflare:test";
import { expect } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { png } from "../fixtures/images";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { step, today } from "./job-helpers";
import { addDays } from "~/lib/dates";
import { api, body, renditionsMade, upload, uploadForm } from "./helpers";

/*
 * Project pages (issue 40) as their tests make them: a finished job with the customer's photos,
 * her consent written as the status page's card writes it, the workshop's after picture.
 */

let jobs = 0;

/** A job with two photos of the customer, taken to "fertig" through the API. */
export async function finishedJob(token: string, who = "Karla Projekt") {
  const name = `${who}-${Date.now().toString(36)}-${jobs++}`;
  const photo = (rgb: number[]) => ({ name: "sitz.png", bytes: png({ width: 40, height: 30, rgb }), type: "image/png" });
  const form = await enquiryForm({ ...CUSTOMER, [F.name]: name, [F.damage]: "Riss,Brandloch" }, [photo([140, 70, 30]), photo([90, 40, 20])]);
  const { token: link } = await expectStoredWithLink(await sendEnhanced(form));
  const id = (await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>())!.id;
  const photos = (await env.DB.prepare("select id from enquiry_photos where enquiry_id = ? order by position").bind(id).all<{ id: string }>()).results.map(
    (row) => row.id,
  );
  await step(token, "enquiry/quote", {
    id,
    kind: "richtpreis",
    items: [
      { text: "Fahrersitz neu beziehen", quantity: 1, unitPriceGross: 35400 },
      { text: "Brandloch im Beifahrersitz reparieren", quantity: 1, unitPriceGross: 8900 },
    ],
    validUntil: addDays(today(), 20),
  });
  await step(token, "enquiry/arrived", { id, early: true });
  await step(token, "enquiry/finish", { id });
  return { id, link, name, photos };
}

/** The customer's yes, as the status page's card stores it (entities/job/consent.server.ts). */
export async function giveConsent(enquiryId: string, choice: "fotos" | "stimme", statement?: { text: string; shownName: string }) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into customer_consents (id, enquiry_id, choice, wording, statement, shown_name, given_at) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, enquiryId, choice, choice === "fotos" ? "Fotos meines Fahrzeugs dürfen gezeigt werden." : "Meine Worte dürfen gezeigt werden.", statement?.text ?? null, statement?.shownName ?? null, Date.now())
    .run();
  return id;
}

/** "Nicht mehr zeigen": every consent of the enquiry withdrawn now. */
export async function withdrawConsent(enquiryId: string) {
  await env.DB.prepare("update customer_consents set withdrawn_at = ? where enquiry_id = ? and withdrawn_at is null").bind(Date.now(), enquiryId).run();
}

/** A workshop picture uploaded as any reference, with its renditions made. */
export async function afterPicture(token: string, description = "Fahrersitz nachher") {
  const response = await upload(token, uploadForm([{ name: "nachher.png", bytes: png({ width: 80, height: 60, rgb: [30, 20, 10] }), type: "image/png" }], { description }));
  expect(response.status).toBe(200);
  const [{ id }] = (await body<{ reference: { id: string }[] }>(response)).reference;
  await renditionsMade(token, id);
  return id;
}

/** `project/save` that must succeed. */
export async function saveProject<T = Record<string, unknown>>(token: string, json: Record<string, unknown>): Promise<T> {
  const answer = await api("project/save", { token, json });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return body<T>(answer);
}
