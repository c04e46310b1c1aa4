import { describe, expect, it } from "vitest";
import { changePassword, endAllSessions, passwordChangeInput, userForToken } from "~/server/entities/staff-accounts.server";
import { validate } from "~/server/base/validation.server";
import { api, db, expectError, STAFF, staffToken } from "./helpers";

const NEW_PASSWORD = "Neues-Leder-2027";

async function loginToken(password: string): Promise<string> {
  const response = await api("auth/login", { json: { username: STAFF.username, password } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Where the checks of these tests come from: one address, an unknown browser. */
const HERE = { address: "local", device: null };

describe("changing one's own password", () => {
  it("ends every other session of the account and keeps the current one", async () => {
    const current = await staffToken();
    const phone = await loginToken(STAFF.password);
    const user = (await userForToken(db(), current))!;

    await changePassword(
      db(),
      user,
      current,
      { currentPassword: STAFF.password, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
      HERE,
    );

    expect(await userForToken(db(), current)).toEqual(user);
    expect(await userForToken(db(), phone)).toBeNull();
    await expectError(await api("news/save", { token: phone, json: { title: "x", text: "y" } }), 401);
    await expectError(await api("auth/login", { json: STAFF }), 401, "Authentication failed");
    await loginToken(NEW_PASSWORD);
  });

  it("changes nothing when the current password is wrong", async () => {
    const current = await staffToken();
    const phone = await loginToken(STAFF.password);
    const user = (await userForToken(db(), current))!;
    await expect(
      changePassword(db(), user, current, { currentPassword: "falsch-falsch", newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, HERE),
    ).rejects.toMatchObject({ status: 400, message: "Das aktuelle Passwort stimmt nicht." });
    expect(await userForToken(db(), phone)).toEqual(user);
    await loginToken(STAFF.password);
  });

  it("names each rule at its field in German", () => {
    const check = (values: Record<string, string>) => {
      const result = validate(passwordChangeInput(STAFF.username), values);
      return result.ok ? {} : result.fieldErrors;
    };
    expect(check({ currentPassword: "", newPassword: "kurz", repeatPassword: "kurz" })).toEqual({
      currentPassword: "Bitte das aktuelle Passwort eingeben.",
      newPassword: "Das Passwort muss mindestens 10 Zeichen lang sein.",
    });
    expect(check({ currentPassword: "x", newPassword: "MEISTER", repeatPassword: "MEISTER" }).newPassword).toBe(
      "Das Passwort muss mindestens 10 Zeichen lang sein.",
    );
    const longName = passwordChangeInput("sattlermeister");
    const sameAsName = validate(longName, { currentPassword: "x", newPassword: "Sattlermeister", repeatPassword: "Sattlermeister" });
    expect(sameAsName.ok ? {} : sameAsName.fieldErrors).toEqual({ newPassword: "Das Passwort darf nicht der Benutzername sein." });
    expect(check({ currentPassword: "x", newPassword: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}!` })).toEqual({
      repeatPassword: "Die beiden neuen Passwörter stimmen nicht überein.",
    });
    expect(check({ currentPassword: "x", newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD })).toEqual({});
  });
});

describe("Überall abmelden", () => {
  it("ends every session of the account, the current one included", async () => {
    const current = await staffToken();
    const phone = await loginToken(STAFF.password);
    const user = (await userForToken(db(), current))!;
    await endAllSessions(db(), user);
    expect(await userForToken(db(), current)).toBeNull();
    expect(await userForToken(db(), phone)).toBeNull();
    await loginToken(STAFF.password);
  });
});
