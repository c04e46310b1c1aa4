import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "~/server/api/http.server";
import type { Database } from "~/server/db/client.server";
import { loginAttempts, sessions, users } from "~/server/db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH, spendEquivalentTime, verifyPassword } from "~/server/password.server";
import { parseOrThrow, requiredText } from "~/server/validation.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Staff update the site between jobs: a week of inactivity or 30 days in all ends a session. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** Writing `last_used_at` on every request would cost a D1 write per page view. */
const TOUCH_INTERVAL_MS = 10 * MINUTE;

/** Failures counted over a short window, so a real user is never locked out for long. */
export const THROTTLE_WINDOW_MS = 15 * MINUTE;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const AUTH_FAILED = "Authentication failed";

export const loginInput = z.object({
  username: requiredText("Benutzername", 100),
  password: z
    .string({ required_error: "Passwort fehlt.", invalid_type_error: "Passwort muss ein Text sein." })
    .min(1, "Passwort darf nicht leer sein.")
    .max(1000, "Passwort ist zu lang."),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The longest password accepted; hashing costs grow with the length. */
export const MAX_PASSWORD_LENGTH = 1000;

const newPassword = z
  .string({ required_error: "Das Passwort fehlt.", invalid_type_error: "Das Passwort muss ein Text sein." })
  .min(MIN_PASSWORD_LENGTH, `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`)
  .max(MAX_PASSWORD_LENGTH, "Das Passwort ist zu lang.");

/** Rules for new staff accounts (`npm run user:add`); there is never a default account. */
export const newStaffUserInput = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, "Der Benutzername braucht 3 bis 50 Zeichen: Buchstaben a–z, Ziffern, Punkt, Binde- oder Unterstrich."),
  password: newPassword,
});

/** "Passwort ändern" on /intern/konto, for the signed-in staff member. */
export function passwordChangeInput(username: string) {
  return z
    .object({
      currentPassword: z
        .string({ required_error: "Bitte das aktuelle Passwort eingeben." })
        .min(1, "Bitte das aktuelle Passwort eingeben.")
        .max(MAX_PASSWORD_LENGTH, "Das Passwort ist zu lang."),
      newPassword,
      repeatPassword: z.string({ required_error: "Bitte das neue Passwort wiederholen." }),
    })
    .refine(({ newPassword }) => newPassword.trim().toLowerCase() !== username.toLowerCase(), {
      message: "Das Passwort darf nicht der Benutzername sein.",
      path: ["newPassword"],
    })
    .refine(({ newPassword, repeatPassword }) => newPassword === repeatPassword, {
      message: "Die beiden neuen Passwörter stimmen nicht überein.",
      path: ["repeatPassword"],
    });
}
export type PasswordChange = z.infer<ReturnType<typeof passwordChangeInput>>;

export const WRONG_CURRENT_PASSWORD = "Das aktuelle Passwort stimmt nicht.";

/**
 * Sets a new password after checking the current one, and ends every other session of
 * the account: a password changed because it leaked must lock out whoever has it.
 * The session of `keepToken` stays.
 */
export async function changePassword(
  db: Database,
  user: StaffUser,
  keepToken: string,
  { currentPassword, newPassword }: PasswordChange,
): Promise<void> {
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, await sha256Hex(keepToken)))),
  ]);
}

/** "Überall abmelden": every session of the account ends, the current one included. */
export async function endAllSessions(db: Database, user: StaffUser): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, user.id));
}

/** Creates the account, or sets a new password when the username exists. */
export async function saveStaffUser(db: Database, input: z.input<typeof newStaffUserInput>): Promise<StaffUser> {
  const { username, password } = parseOrThrow(newStaffUserInput, input);
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: users.username, set: { passwordHash } })
    .returning({ id: users.id, username: users.username });
  await db.delete(sessions).where(eq(sessions.userId, row.id));
  return row;
}

export interface StaffUser {
  id: number;
  username: string;
}

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Checks the credentials and opens a session. Unknown user and wrong password get
 * the same answer and take the same time; repeated failures answer 429.
 */
export async function login(
  db: Database,
  { username, password }: LoginInput,
  address: string,
  now = new Date(),
): Promise<{ token: string; user: StaffUser }> {
  const name = normalizeUsername(username);
  await refuseIfThrottled(db, name, address, now);

  const user = await db.select().from(users).where(eq(users.username, name)).get();
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : (await spendEquivalentTime(password), false);
  if (!user || !valid) {
    await db.insert(loginAttempts).values({ username: name, address, attemptedAt: now });
    throw new HttpError(401, AUTH_FAILED);
  }

  await db.delete(loginAttempts).where(eq(loginAttempts.username, name));
  const token = await createSession(db, user.id, now);
  return { token, user: { id: user.id, username: user.username } };
}

async function refuseIfThrottled(db: Database, username: string, address: string, now: Date) {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
  const [counts] = await db
    .select({
      byUsername: sql<number>`coalesce(sum(${loginAttempts.username} = ${username}), 0)`,
      byAddress: sql<number>`coalesce(sum(${loginAttempts.address} = ${address}), 0)`,
      oldestByUsername: sql<number | null>`min(case when ${loginAttempts.username} = ${username} then ${loginAttempts.attemptedAt} end)`,
      oldestByAddress: sql<number | null>`min(case when ${loginAttempts.address} = ${address} then ${loginAttempts.attemptedAt} end)`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.attemptedAt, windowStart),
        or(eq(loginAttempts.username, username), eq(loginAttempts.address, address)),
      ),
    );
  const usernameLimited = counts.byUsername >= MAX_FAILURES_PER_USERNAME;
  const addressLimited = counts.byAddress >= MAX_FAILURES_PER_ADDRESS;
  if (!usernameLimited && !addressLimited) return;
  // A limit lifts when its own oldest failure leaves the window; an older failure that
  // only counts for the other limit must not shorten the wait the client is told.
  const liftsAt = Math.max(
    usernameLimited ? (counts.oldestByUsername ?? now.getTime()) + THROTTLE_WINDOW_MS : 0,
    addressLimited ? (counts.oldestByAddress ?? now.getTime()) + THROTTLE_WINDOW_MS : 0,
  );
  const retryAfterMs = liftsAt - now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new HttpError(
    429,
    `Zu viele fehlgeschlagene Anmeldungen. Bitte in ${minutes === 1 ? "einer Minute" : `${minutes} Minuten`} erneut versuchen.`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

export async function createSession(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/** The staff member a token belongs to, or null when it is unknown, idle too long or past its end. */
export async function userForToken(
  db: Database,
  token: string | null | undefined,
  now = new Date(),
): Promise<StaffUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({
      tokenHash: sessions.tokenHash,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      username: users.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  const idleSince = now.getTime() - row.lastUsedAt.getTime();
  if (now >= row.expiresAt || idleSince >= SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (idleSince >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, username: row.username };
}

export async function endSession(db: Database, token: string | null | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
}

/** Cloudflare puts the visitor's address in this header; locally it is absent. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
