import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, workshopDate } from "~/lib/dates";
import { CUSTOMER_MESSAGE_MAX_LENGTH, MAX_QUOTE_VERSIONS } from "~/lib/quote";
import { CUSTOMER, enquiryForm, enquiryRows, expectStored, sendEnhanced } from "./enquiry-helpers";
import { api, body, expectError, SAME_ORIGIN, site, staffCookie, staffToken } from "./helpers";

/*
 * Issue 37, item 3: an enquiry can no longer be made impossible to delete. The Papierkorb keeps
 * one stored row per copied row, so an item of any size moves in and comes back whole; a price
 * has a bounded number of versions.
 */

const MESSAGES = 400;

/** Each character below U+0020 is written as 6 bytes (`\u0001`) in JSON: 400 of these are over 2 MB as one value. */
const longMessage = (index: number) => `Frage ${index} `.padEnd(CUSTOMER_MESSAGE_MAX_LENGTH, "\u0001");

const messageRows = async (id: string) =>
  (await env.DB.prepare("select id, kind, text, created_at from customer_messages where enquiry_id = ? order by id").bind(id).all()).results;

describe("the Papierkorb by any size", () => {
  it("moves an enquiry with 400 long Rückfragen in through the API and back, whole", async () => {
    const token = await staffToken();
    const reference = await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER)));
    // The workshop's e-mail goes out after the answer; its outcome is part of what must come back.
    await expect.poll(async () => (await enquiryRows())[0].mail_status).toBe("gesendet");
    const [enquiry] = await body<{ id: string; reference: string }[]>(await api("enquiry/get", { token }));
    expect(enquiry.reference).toBe(reference);
    const { id } = enquiry;
    // Written directly: the status page takes only a few questions per enquiry now.
    const insert = env.DB.prepare("insert into customer_messages (id, enquiry_id, kind, text, created_at) values (?, ?, 'rueckfrage', ?, ?)");
    await env.DB.batch(Array.from({ length: MESSAGES }, (_, index) => insert.bind(`m-${String(index).padStart(3, "0")}`, id, longMessage(index), Date.now() + index)));
    const before = await messageRows(id);
    const answerBefore = await body(await api("enquiry/get", { token }));
    expect(before).toHaveLength(MESSAGES);
    expect(before.reduce((sum, row) => sum + JSON.stringify(row.text).length, 0)).toBeGreaterThan(2 * 1024 * 1024);

    const deleted = await api("enquiry/delete", { token, json: { id } });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await messageRows(id)).toEqual([]);
    expect(await body(await api("enquiry/get", { token }))).toEqual([]);

    const restored = await api("trash/restore", { token, json: { id } });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await messageRows(id)).toEqual(before);
    expect(await body(await api("enquiry/get", { token }))).toEqual(answerBefore);
    expect((await env.DB.prepare("select count(*) as n from trash_rows").first<{ n: number }>())?.n).toBe(0);
  });

  it(`refuses a price version beyond ${MAX_QUOTE_VERSIONS} with 409, on the API and on the job card`, async () => {
    const token = await staffToken();
    await expectStored(await sendEnhanced(await enquiryForm(CUSTOMER)));
    const [{ id }] = await body<{ id: string }[]>(await api("enquiry/get", { token }));
    const validUntil = addDays(workshopDate(new Date()), 30);
    const quote = { id, kind: "richtpreis", items: [{ text: "Sitz", quantity: 1, unitPriceGross: 10000 }], validUntil };
    for (let version = 1; version <= MAX_QUOTE_VERSIONS; version++) {
      const saved = await api("enquiry/quote", { token, json: quote });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
    await expectError(await api("enquiry/quote", { token, json: quote }), 409, new RegExp(`schon ${MAX_QUOTE_VERSIONS} Fassungen`));

    const form = new URLSearchParams({ intent: "preis", id, art: "richtpreis", "gueltig-bis": validUntil, hinweis: "", "posten-0-text": "Sitz", "posten-0-menge": "1", "posten-0-preis": "100" });
    const card = await site(`/intern/anfragen?anfrage=${id}`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: await staffCookie(token), "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(card.status).toBe(409);
    expect(await card.text()).toContain(`schon ${MAX_QUOTE_VERSIONS} Fassungen`);
    expect((await env.DB.prepare("select count(*) as n from enquiry_quotes").first<{ n: number }>())?.n).toBe(MAX_QUOTE_VERSIONS);
  });
});
