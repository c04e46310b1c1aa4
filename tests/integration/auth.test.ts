import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HttpError } from "~/server/base/errors.server";
import {
  AUTH_FAILED,
  createSession,
  login,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  saveStaffUser,
  MAX_CHECKS_PER_ACCOUNT,
  MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS,
  THROTTLE_WINDOW_MS,
  userForToken,
} from "~/server/entities/staff-accounts.server";
import { PBKDF2_ITERATIONS, verifyPassword } from "~/server/base/password.server";
import { commitSessionCookie } from "~/server/web/staff-session.server";
import { api, BASE, body, db, expectError, rowCount, SAME_ORIGIN, STAFF, staffToken } from "./helpers";

const SECOND_STAFF = { username: "gesellin", password: "Kedernaht-und-Steppung" };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function loginFrom(address: string, credentials: { username: string; password: string }) {
  return api("auth/login", { json: credentials, headers: { "CF-Connecting-IP": address } });
}

const writeWith = (init: Parameters<typeof api>[1] = {}) =>
  api("news/save", { ...init, json: { title: "Titel", text: "Text" } });

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What login() throws, for the tests that move the clock. */
async function loginError(credentials: typeof STAFF, address: string, now: Date) {
  const error = await login(db(), credentials, { address, device: null }, now).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("POST /api/v1/auth/login", () => {
  it("answers {token} only, and the token opens writes", async () => {
    await saveStaffUser(db(), STAFF);
    const response = await api("auth/login", { json: STAFF });
    expect(response.status).toBe(200);
    const json = await body<{ token: string }>(response);
    expect(Object.keys(json)).toEqual(["token"]);
    // 32 random bytes, base64url without padding.
    expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await writeWith({ token: json.token })).status).toBe(200);
  });

  it("accepts the username regardless of case and surrounding spaces", async () => {
    await saveStaffUser(db(), STAFF);
    const response = await api("auth/login", { json: { username: ` ${STAFF.username.toUpperCase()} `, password: STAFF.password } });
    expect(response.status).toBe(200);
  });

  it("gives wrong password and unknown user the identical answer", async () => {
    await saveStaffUser(db(), STAFF);
    const wrongPassword = await api("auth/login", { json: { username: STAFF.username, password: "falsch-falsch" } });
    const unknownUser = await api("auth/login", { json: { username: "niemand", password: STAFF.password } });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("Content-Type")).toBe(wrongPassword.headers.get("Content-Type"));
    }
    expect(await wrongPassword.text()).toBe(JSON.stringify({ error: AUTH_FAILED }));
    expect(await unknownUser.text()).toBe(JSON.stringify({ error: AUTH_FAILED }));
  });

  it("has no default account", async () => {
    expect(await rowCount("users")).toBe(0);
    for (const credentials of [
      { username: "admin", password: "admin" },
      { username: "admin", password: "password" },
      { username: "chef", password: "chef" },
    ]) {
      await expectError(await api("auth/login", { json: credentials }), 401, AUTH_FAILED);
    }
  });
});

describe("throttling", () => {
  it("answers 429 with Retry-After after 5 failures for one username from one address, even with the right password", async () => {
    await saveStaffUser(db(), STAFF);
    await saveStaffUser(db(), SECOND_STAFF);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expectError(await loginFrom("203.0.113.1", { ...STAFF, password: `falsch-${attempt}` }), 401, AUTH_FAILED);
    }
    const throttled = await loginFrom("203.0.113.1", STAFF);
    await expectError(throttled, 429, /^Zu viele fehlgeschlagene Anmeldungen\. Bitte in \d+ Minuten erneut versuchen\.$/);
    const retryAfter = Number(throttled.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);

    // The guesser's address stays throttled for this account …
    await expectError(await loginFrom("203.0.113.1", STAFF), 429);
    // … while the staff member at another address still gets in, and so does another account.
    expect((await loginFrom("198.51.100.7", STAFF)).status).toBe(200);
    expect((await loginFrom("198.51.100.7", SECOND_STAFF)).status).toBe(200);
  });

  it("answers 429 after 20 failures from one address, for every username there and nowhere else", async () => {
    await saveStaffUser(db(), STAFF);
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await loginFrom("203.0.113.9", { username: `rater-${attempt}`, password: "irgendwas-1" });
      await expectError(response, 401, AUTH_FAILED);
    }
    const throttled = await loginFrom("203.0.113.9", STAFF);
    await expectError(throttled, 429, /^Zu viele fehlgeschlagene Anmeldungen/);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await loginFrom("192.0.2.44", STAFF)).status).toBe(200);
  });

  it("lets the user in again once the window has passed", async () => {
    await saveStaffUser(db(), STAFF);
    const start = new Date("2026-03-02T08:00:00Z");
    for (let attempt = 0; attempt < 5; attempt++) {
      const error = await loginError({ ...STAFF, password: "falsch-falsch" }, "10.0.0.1", new Date(start.getTime() + attempt * MINUTE));
      expect(error.status).toBe(401);
    }
    const throttled = await loginError(STAFF, "10.0.0.1", new Date(start.getTime() + 5 * MINUTE));
    expect(throttled.status).toBe(429);
    // The oldest failure leaves the window 15 minutes after it happened.
    expect(new Headers(throttled.headers).get("Retry-After")).toBe(String(10 * 60));
    expect(throttled.message).toBe("Zu viele fehlgeschlagene Anmeldungen. Bitte in 10 Minuten erneut versuchen.");
    const almost = await loginError(STAFF, "10.0.0.1", new Date(start.getTime() + THROTTLE_WINDOW_MS - 30_000));
    expect(new Headers(almost.headers).get("Retry-After")).toBe("30");
    expect(almost.message).toBe("Zu viele fehlgeschlagene Anmeldungen. Bitte in einer Minute erneut versuchen.");

    const { token } = await login(db(), STAFF, { address: "10.0.0.1", device: null }, new Date(start.getTime() + THROTTLE_WINDOW_MS));
    expect(token).toBeTruthy();
  });

  it("tells a Retry-After after which the login really works, also when the address failed earlier", async () => {
    await saveStaffUser(db(), STAFF);
    const start = new Date("2026-03-02T08:00:00Z");
    // The workshop's shared address once mistyped another account …
    await loginError({ username: SECOND_STAFF.username, password: "falsch-falsch" }, "10.0.0.1", start);
    // … and ten minutes later someone fails five times for this one.
    const later = start.getTime() + 10 * MINUTE;
    for (let attempt = 0; attempt < 5; attempt++) {
      await loginError({ ...STAFF, password: "falsch-falsch" }, "10.0.0.1", new Date(later + attempt * 1000));
    }
    const askedAt = later + 10_000;
    const throttled = await loginError(STAFF, "10.0.0.1", new Date(askedAt));
    expect(throttled.status).toBe(429);
    const retryAfterMs = Number(new Headers(throttled.headers).get("Retry-After")) * 1000;

    const { token } = await login(db(), STAFF, { address: "10.0.0.1", device: null }, new Date(askedAt + retryAfterMs));
    expect(token).toBeTruthy();
  });

  it("checks at most 5 passwords per account and address, however many arrive at once", async () => {
    await saveStaffUser(db(), STAFF);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => loginFrom("203.0.113.77", { ...STAFF, password: `parallel-${attempt}` })),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS);
    for (const response of answers.filter(({ status }) => status === 429)) {
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      await response.arrayBuffer();
    }
    expect(await rowCount("login_attempts")).toBe(MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS);
  });

  it("checks at most 5 passwords for an unknown name, however many arrive at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, attempt) => loginFrom("203.0.113.78", { username: "gibt-es-nicht", password: `p-${attempt}` })),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS);
    await Promise.all(answers.map((response) => response.arrayBuffer()));
  });

  it("stops an account at a higher ceiling across addresses, and other accounts stay open", async () => {
    await saveStaffUser(db(), STAFF);
    await saveStaffUser(db(), SECOND_STAFF);
    const addresses = Array.from({ length: MAX_CHECKS_PER_ACCOUNT / MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS }, (_, index) => `198.18.0.${index + 1}`);
    const guesses = await Promise.all(
      addresses.flatMap((address) =>
        Array.from({ length: MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS + 2 }, (_, attempt) => loginFrom(address, { ...STAFF, password: `verteilt-${attempt}` })),
      ),
    );
    expect(guesses.filter((response) => response.status === 401)).toHaveLength(MAX_CHECKS_PER_ACCOUNT);
    await Promise.all(guesses.map((response) => response.arrayBuffer()));
    const elsewhere = await loginFrom("192.0.2.200", STAFF);
    await expectError(elsewhere, 429, /^Zu viele fehlgeschlagene Anmeldungen/);
    expect(Number(elsewhere.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await loginFrom("192.0.2.200", SECOND_STAFF)).status).toBe(200);
  });

  it("answers the login page's 429 with Retry-After and when to try again, in German", async () => {
    await saveStaffUser(db(), STAFF);
    const post = (password: string) =>
      SELF.fetch(`${BASE}/intern/login`, {
        method: "POST",
        headers: { ...SAME_ORIGIN, "CF-Connecting-IP": "203.0.113.90" },
        body: new URLSearchParams({ intent: "login", username: STAFF.username, password }),
        redirect: "manual",
      });
    for (let attempt = 0; attempt < MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      const failed = await post(`falsch-${attempt}`);
      expect(failed.status).toBe(401);
      await failed.arrayBuffer();
    }
    const throttled = await post(STAFF.password);
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    expect(await throttled.text()).toContain(`Bitte in ${Math.ceil(retryAfter / 60)} Minuten erneut versuchen.`);
    expect(throttled.headers.has("Set-Cookie")).toBe(false);
  });

  it("forgets a username's failures after a successful login", async () => {
    await saveStaffUser(db(), STAFF);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        await expectError(await loginFrom("203.0.113.5", { ...STAFF, password: "vertippt-123" }), 401);
      }
      expect((await loginFrom("203.0.113.5", STAFF)).status).toBe(200);
    }
  });
});

describe("sessions", () => {
  it("ends with logout: the token is refused afterwards", async () => {
    const token = await staffToken();
    const response = await api("auth/logout", { token, method: "POST" });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({});
    await expectError(await writeWith({ token }), 401);
    await expectError(await api("auth/logout", { token, method: "POST" }), 401);
    expect(await rowCount("sessions")).toBe(0);
  });

  it("accepts the token only from the token header", async () => {
    const token = await staffToken();
    const sessionCookie = await commitSessionCookie(new Request(BASE), token);
    const refused: [string, Parameters<typeof api>[1]][] = [
      ["a cookie named token", { headers: { Cookie: `token=${token}` } }],
      ["the staff pages' session cookie", { headers: { Cookie: sessionCookie.split(";")[0] } }],
      ["an Authorization header", { headers: { Authorization: `Bearer ${token}` } }],
    ];
    for (const [label, init] of refused) {
      expect((await writeWith(init)).status, label).toBe(401);
    }
    const inQuery = await api(`news/save?token=${encodeURIComponent(token)}`, { json: { title: "t", text: "t" } });
    expect(inQuery.status).toBe(401);
    expect(await body(await api("news/get"))).toEqual([]);
    expect((await writeWith({ token })).status).toBe(200);
  });

  it("stores only the SHA-256 of a token", async () => {
    const token = await staffToken();
    const { results } = await env.DB.prepare("select * from sessions").all();
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results)).not.toContain(token);
    expect(results[0].token_hash).toBe(await sha256Hex(token));
  });

  it("refuses and deletes a session idle for 7 days", async () => {
    const user = await saveStaffUser(db(), STAFF);
    const start = new Date("2026-03-02T08:00:00Z");
    const token = await createSession(db(), user.id, start);
    expect(await userForToken(db(), token, new Date(start.getTime() + SESSION_IDLE_MS - 1))).toMatchObject({ username: STAFF.username });
    // That use counts as activity, so the idle week starts again from there.
    const lastUse = start.getTime() + SESSION_IDLE_MS - 1;
    expect(await userForToken(db(), token, new Date(lastUse + SESSION_IDLE_MS))).toBeNull();
    expect(await rowCount("sessions")).toBe(0);
    expect(await userForToken(db(), token, new Date(lastUse + 1))).toBeNull();
  });

  it("refuses and deletes a session after 30 days even when used every few days", async () => {
    const user = await saveStaffUser(db(), STAFF);
    const start = new Date("2026-03-02T08:00:00Z");
    const token = await createSession(db(), user.id, start);
    for (const day of [6, 12, 18, 24, 29]) {
      expect(await userForToken(db(), token, new Date(start.getTime() + day * DAY)), `Tag ${day}`).not.toBeNull();
    }
    expect(await userForToken(db(), token, new Date(start.getTime() + SESSION_ABSOLUTE_MS))).toBeNull();
    expect(await rowCount("sessions")).toBe(0);
  });

  it("ends all sessions of a user whose password is set anew", async () => {
    const token = await staffToken();
    await saveStaffUser(db(), { username: STAFF.username, password: "Ganz-neues-Passwort" });
    await expectError(await writeWith({ token }), 401);
    await expectError(await api("auth/login", { json: STAFF }), 401, AUTH_FAILED);
  });
});

describe("passwords", () => {
  it("pins PBKDF2 at 100,000 iterations, the most Cloudflare's production runtime allows", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("stores algorithm, iterations, a per-user salt and the hash in one string", async () => {
    await saveStaffUser(db(), STAFF);
    await saveStaffUser(db(), { username: "zweiter", password: STAFF.password });
    const { results } = await env.DB.prepare("select password_hash from users order by id").all<{ password_hash: string }>();
    const hashes = results.map((row) => row.password_hash);
    for (const hash of hashes) {
      expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(hash).not.toContain(STAFF.password);
    }
    // Same password, different salt, different hash.
    expect(hashes[0].split("$")[2]).not.toBe(hashes[1].split("$")[2]);
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it("verifies hashes made with other parameters, so the iteration count can be raised later", async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(STAFF.password), "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256);
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const stored = `pbkdf2-sha256$1000$${base64(salt)}$${base64(new Uint8Array(bits))}`;
    expect(await verifyPassword(STAFF.password, stored)).toBe(true);
    expect(await verifyPassword("anderes-Passwort", stored)).toBe(false);
    expect(await verifyPassword(STAFF.password, stored.replace("pbkdf2-sha256", "md5"))).toBe(false);
  });

  it("refuses passwords shorter than 10 characters with a German message", async () => {
    const error = await saveStaffUser(db(), { username: "kurz", password: "123456789" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: "Das Passwort muss mindestens 10 Zeichen lang sein." });
    expect(await rowCount("users")).toBe(0);
    await saveStaffUser(db(), { username: "genau", password: "1234567890" });
    expect(await rowCount("users")).toBe(1);
  });
});
