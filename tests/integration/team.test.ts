import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { INVITATION_GONE, INVITATION_VALID_DAYS } from "~/lib/activity";
import { createInvitation, withdrawInvitation } from "~/server/entities/invitations.server";
import {
  CANNOT_REMOVE_LAST,
  CANNOT_REMOVE_SELF,
  listStaffAccounts,
  removeStaffAccount,
  saveStaffUser,
  userForToken,
} from "~/server/entities/staff-accounts.server";
import { ACTOR, api, BASE, body, db, expectError, postPage, SAME_ORIGIN, site, STAFF, staffCookie, staffToken } from "./helpers";

/*
 * The Team page (decision 016): invitation links that work once, for seven days, until
 * withdrawn; "Entfernen" that ends a colleague's sessions at once; and never an empty team.
 */

const DAY = 24 * 60 * 60 * 1000;
const FORM = { ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };
const COLLEAGUE = { username: "geselle", password: "Naht-und-Polster-2026" };

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  postPage(path, new URLSearchParams(fields), { ...FORM, ...(cookie ? { Cookie: cookie } : {}) });

/** The invitation's path as the Team page shows it to copy. */
async function invitationPath(cookie: string): Promise<string> {
  expect((await post("/intern/team", { intent: "invite" }, cookie)).status).toBe(302);
  const page = await (await site("/intern/team", { headers: { Cookie: cookie } })).text();
  const link = new RegExp(`value="${BASE}(/intern/einladung/[^"]+)"`).exec(page)?.[1];
  expect(link).toBeTruthy();
  return link!.replace(/&amp;/g, "&");
}

const accept = (path: string, username: string, password = COLLEAGUE.password, repeatPassword = password) =>
  post(path, { intent: "konto-anlegen", username, password, repeatPassword });

/** The session cookie the answer sets (`__Host-sitzung` over HTTPS), as the browser sends it back. */
const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("__Host-sitzung="));

describe("an invitation link", () => {
  it("creates an account that is signed in at once, and works only once", async () => {
    const cookie = await staffCookie();
    const path = await invitationPath(cookie);
    const page = await site(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Konto anlegen");
    expect(html).toMatch(new RegExp(`${STAFF.username}(<!-- -->)? lädt Sie`));

    const accepted = await accept(path, "Lehrling");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/intern/news");
    const session = sessionCookieOf(accepted);
    expect(session).toBeTruthy();
    expect((await site("/intern/news", { headers: { Cookie: session! }, redirect: "manual" })).status).toBe(200);
    expect((await listStaffAccounts(db())).map((account) => account.username)).toEqual(["lehrling", STAFF.username]);

    expect((await site(path)).status).toBe(410);
    const again = await accept(path, "zweiter-versuch");
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(INVITATION_GONE);
    expect((await listStaffAccounts(db())).map((account) => account.username)).toEqual(["lehrling", STAFF.username]);
  });

  it("gives one account when it is used twice at the same moment", async () => {
    const path = await invitationPath(await staffCookie());
    const answers = await Promise.all(["erster", "zweite"].map((name) => accept(path, name)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
    expect(await listStaffAccounts(db())).toHaveLength(2);
  });

  it(`expires after ${INVITATION_VALID_DAYS} days`, async () => {
    await saveStaffUser(db(), STAFF);
    const almost = await createInvitation(db(), ACTOR, new Date(Date.now() - INVITATION_VALID_DAYS * DAY + 60_000));
    const expired = await createInvitation(db(), ACTOR, new Date(Date.now() - INVITATION_VALID_DAYS * DAY - 60_000));
    expect((await site(almost.path)).status).toBe(200);
    expect((await site(expired.path)).status).toBe(410);
    expect((await accept(expired.path, "zu-spaet")).status).toBe(410);
  });

  it("stops working once withdrawn, and forged or altered links never work", async () => {
    const cookie = await staffCookie();
    const path = await invitationPath(cookie);
    const id = path.slice(path.lastIndexOf("/") + 1).split(".")[0];
    expect((await post("/intern/team", { intent: "withdraw", id }, cookie)).status).toBe(302);
    expect((await site(path)).status).toBe(410);
    expect((await accept(path, "zurueckgezogen")).status).toBe(410);
    await expect(withdrawInvitation(db(), ACTOR, id)).rejects.toMatchObject({ status: 404 });

    const open = await invitationPath(cookie);
    const openId = open.slice(open.lastIndexOf("/") + 1).split(".")[0];
    for (const forged of [`/intern/einladung/${openId}`, `${open.slice(0, -3)}abc`, "/intern/einladung/erfunden.AAAA"]) {
      expect((await site(forged)).status, forged).toBe(410);
      expect((await accept(forged, "faelscher")).status, forged).toBe(410);
    }
    expect((await site(open)).status).toBe(200);
  });

  it("refuses a taken name or a password against the rules at the fields, and stays usable", async () => {
    const path = await invitationPath(await staffCookie());
    const taken = await accept(path, STAFF.username.toUpperCase());
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Diesen Benutzernamen gibt es schon.");
    const mismatch = await accept(path, "neu", COLLEAGUE.password, `${COLLEAGUE.password}x`);
    expect(mismatch.status).toBe(400);
    const refused = await mismatch.text();
    expect(refused).toContain("Die beiden Passwörter stimmen nicht überein.");
    expect(refused).not.toContain(COLLEAGUE.password);
    expect((await accept(path, "neu", "kurz")).status).toBe(400);
    const ownName = await accept(path, "name-als-passwort", "name-als-passwort");
    expect(ownName.status).toBe(400);
    expect(await ownName.text()).toContain("Das Passwort darf nicht der Benutzername sein.");
    expect((await accept(path, "neu")).status).toBe(302);
  });
});

describe("Entfernen", () => {
  it("ends the colleague's sessions at once: the token answers 401, the password no longer signs in; user:add brings the account back", async () => {
    const cookie = await staffCookie();
    const colleague = await saveStaffUser(db(), COLLEAGUE);
    const { token } = await body<{ token: string }>(await api("auth/login", { json: COLLEAGUE }));
    expect((await api("news/save", { token, json: { title: "Vom Gesellen", text: "Text" } })).status).toBe(200);

    const removed = await post("/intern/team", { intent: "remove", id: String(colleague.id) }, cookie);
    expect(removed.status).toBe(302);
    await expectError(await api("news/save", { token, json: { title: "Nach dem Entfernen", text: "Text" } }), 401);
    expect(await userForToken(db(), token)).toBeNull();
    await expectError(await api("auth/login", { json: COLLEAGUE }), 401, "Authentication failed");
    expect((await listStaffAccounts(db())).map((account) => account.username)).toEqual([STAFF.username]);
    const entry = await env.DB.prepare("select username, action, title from activity_log where action = 'entfernt'").first();
    expect(entry).toEqual({ username: STAFF.username, action: "entfernt", title: COLLEAGUE.username });

    await saveStaffUser(db(), COLLEAGUE);
    expect((await api("auth/login", { json: COLLEAGUE })).status).toBe(200);
  });

  it("never removes oneself", async () => {
    const token = await staffToken();
    const self = (await userForToken(db(), token))!;
    await expect(removeStaffAccount(db(), self, String(self.id))).rejects.toMatchObject({ status: 400, message: CANNOT_REMOVE_SELF });
    await post("/intern/team", { intent: "remove", id: String(self.id) }, await staffCookie(token));
    expect(await userForToken(db(), token)).toEqual(self);
  });

  it("never removes the last active account, even when two remove each other at the same moment", async () => {
    const first = await saveStaffUser(db(), STAFF);
    const second = await saveStaffUser(db(), COLLEAGUE);
    const results = await Promise.allSettled([
      removeStaffAccount(db(), first, String(second.id)),
      removeStaffAccount(db(), second, String(first.id)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 409, message: CANNOT_REMOVE_LAST } });
    expect(await listStaffAccounts(db())).toHaveLength(1);
  });

  it("is refused to an account removed meanwhile", async () => {
    const first = await saveStaffUser(db(), STAFF);
    const second = await saveStaffUser(db(), COLLEAGUE);
    const third = await saveStaffUser(db(), { username: "dritte", password: "Dritte-im-Team-2026" });
    await removeStaffAccount(db(), first, String(second.id));
    await expect(removeStaffAccount(db(), second, String(third.id))).rejects.toMatchObject({ status: 409 });
    expect((await listStaffAccounts(db())).map((account) => account.username)).toEqual(["dritte", STAFF.username]);
  });
});
