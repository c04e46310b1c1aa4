import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type BusinessRecord, PROMISE_COUNT, promiseFieldName, TRUST_MAX_ITEMS, trustFieldName } from "~/lib/business";
import { BUSINESS_FIELDS } from "~/lib/business-fields";
import { saveStaffUser } from "~/server/entities/staff-accounts.server";
import { api, body, db, expectError, SAME_ORIGIN, site, STAFF, staffCookie, staffToken } from "./helpers";

/*
 * Issue 37: the business record's website address starts every customer link. Changing it asks
 * for the staff member's password again — on the Betrieb form and on the API — and shows the
 * change on every other colleague's start page until they have seen it.
 */

const COLLEAGUE = { username: "geselle", password: "Naht-und-Leder-2026" };
const NEW_SITE = "https://www.sattlerei-neu.example";

async function colleagueCookie() {
  await saveStaffUser(db(), COLLEAGUE);
  const { token } = await body<{ token: string }>(await api("auth/login", { json: COLLEAGUE }));
  return staffCookie(token);
}

/** The Betrieb form's "Adresse & Kontakt" (the website's section) as a browser posts it, from the record as it is, with `changes`. */
async function businessForm(changes: Record<string, string>) {
  const record = await body<BusinessRecord>(await api("business/get"));
  const values: Record<string, string> = { intent: "save", id: "kontakt" };
  for (const spec of BUSINESS_FIELDS) values[spec.key] = record[spec.key] === null ? "" : String(record[spec.key]);
  for (let index = 0; index < PROMISE_COUNT; index++) {
    values[promiseFieldName(index, "title")] = record.promises[index].title;
    values[promiseFieldName(index, "text")] = record.promises[index].text;
  }
  for (let index = 0; index < TRUST_MAX_ITEMS; index++) values[trustFieldName(index)] = record.trust[index] ?? "";
  return new URLSearchParams({ ...values, ...changes });
}

const postBusiness = async (cookie: string, changes: Record<string, string>) =>
  site("/intern/betrieb", {
    method: "POST",
    headers: { ...SAME_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: await businessForm(changes),
    redirect: "manual",
  });

const website = async () => (await body<BusinessRecord>(await api("business/get"))).website;

describe("the website address", () => {
  it("changes through the API only with the account's password beside it", async () => {
    const token = await staffToken();
    const before = await website();
    await expectError(await api("business/update", { token, json: { website: NEW_SITE } }), 400, /mit Ihrem Passwort/);
    await expectError(await api("business/update", { token, json: { website: NEW_SITE, password: "falsch-falsch-falsch" } }), 400, "Das Passwort stimmt nicht.");
    expect(await website()).toBe(before);
    // The same address, or other fields, need none.
    expect((await api("business/update", { token, json: { website: before, subtitle: "Sattlerei" } })).status).toBe(200);

    const changed = await api("business/update", { token, json: { website: NEW_SITE, password: STAFF.password } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await website()).toBe(NEW_SITE);
  });

  it("changes on the Betrieb form with the password, and stays on each colleague's start page until they have seen it", async () => {
    const colleague = await colleagueCookie();
    const own = await staffCookie();
    const before = await website();

    const refused = await postBusiness(own, { website: NEW_SITE });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Bitte bestätigen Sie die Änderung mit Ihrem Passwort.");
    const wrong = await postBusiness(own, { website: NEW_SITE, password: "falsch-falsch-falsch" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).not.toContain("falsch-falsch-falsch");
    expect(await website()).toBe(before);
    expect((await postBusiness(own, { subtitle: "Sattlerei am Dom" })).status).toBe(302);
    expect((await site("/intern", { headers: { Cookie: colleague } })).status).toBe(200);
    expect(await (await site("/intern", { headers: { Cookie: colleague } })).text()).not.toContain("Neue Adresse der Website");

    expect((await postBusiness(own, { website: NEW_SITE, password: STAFF.password })).status).toBe(302);
    expect(await website()).toBe(NEW_SITE);
    const start = await (await site("/intern", { headers: { Cookie: colleague } })).text();
    expect(start).toContain("Neue Adresse der Website");
    expect(start).toContain(NEW_SITE);
    expect(start).toContain(STAFF.username);
    expect(start).toContain('action="/intern?index"');
    // Who changed it knows.
    expect(await (await site("/intern", { headers: { Cookie: own } })).text()).not.toContain("Neue Adresse der Website");

    const notice = await env.DB.prepare("select id from website_change_notices").first<{ id: number }>();
    // The index route's own action, as its form's `action` names it.
    const seen = await site("/intern?index", {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: colleague, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "website-gesehen", id: String(notice!.id) }),
      redirect: "manual",
    });
    expect(seen.status).toBe(302);
    expect(seen.headers.get("Location")).toBe("/intern");
    expect(await (await site("/intern", { headers: { Cookie: colleague } })).text()).not.toContain("Neue Adresse der Website");
  });
});
