import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { holidayOn } from "~/lib/holidays";
import type { JobMessage } from "~/lib/job";
import worker from "../../server";
import { CUSTOMER, enquiryForm, expectStoredWithLink, freshAddress, sendEnhanced } from "./enquiry-helpers";
import { api, body, SAME_ORIGIN, site } from "./helpers";

/*
 * A job as the tests of its steps make and move it (app/lib/job.ts): a customer's enquiry, a
 * staff step through the API, the customer's post on her page, the queue's delivery.
 */

export const today = () => workshopDate(new Date());

/** The next weekday (no NRW holiday) at least `days` ahead at `time`, Berlin. */
export function openWeekday(days: number, time = "10:00"): string {
  let date = addDays(today(), days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) || holidayOn(date)) date = addDays(date, 1);
  return `${date}T${time}`;
}

let customers = 0;
/** A customer's enquiry from the form, named `who` and unique, so its e-mails are found among other runs'. */
export async function job(who = "Jana Ablauf") {
  const name = `${who}-${Date.now().toString(36)}-${customers++}`;
  const { token: link, reference } = await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, name })));
  const id = (await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>())!.id;
  return { id, link, reference, name };
}

/** A staff step through the API, which must succeed; the enquiry as it answers. */
export async function step<T = Record<string, unknown>>(token: string, path: string, json: Record<string, unknown>): Promise<T> {
  const answer = await api(path, { token, json });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return body<T>(answer);
}

/** A customer's post on the status page, as the plain form sends it, each from an address of its own (the per-address limit). */
export const customerPost = (link: string, fields: Record<string, string>) =>
  site(`/anfrage/status/${link}`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshAddress() },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The queue's consumer as Cloudflare calls it once the message's delay has passed. */
export async function deliver(message: JobMessage) {
  const batch = createMessageBatch<JobMessage>("autosattlerei-jobs", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: message }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}
