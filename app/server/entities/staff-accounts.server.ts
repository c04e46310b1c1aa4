import { and, asc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError, notFound } from "~/server/base/errors.server";
import type { Database } from "~/server/db/client.server";
import { isDatabaseUnavailable } from "~/server/db/retry.server";
import { randomBytes, sha256Hex, toBase64Url } from "~/server/base/encoding.server";
import { invitations, loginAttempts, sessions, users } from "~/server/db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH, spendEquivalentTime, verifyPassword } from "~/server/base/password.server";
import { parseOrThrow, requiredText } from "~/server/base/validation.server";
import { logStatement } from "./activity-log.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Staff update the site between jobs: a week of inactivity or 30 days in all ends a session. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** Writing `last_used_at` on every request would cost a D1 write per page view. */
const TOUCH_INTERVAL_MS = 10 * MINUTE;

/**
 * Password checks counted over a short window, so a real user is never locked out for long.
 * Every check counts (a success clears its own); a refused attempt is not checked and does not
 * count, so hammering does not extend the wait. A browser that has signed in to the account
 * before (a known device, web/known-devices.server.ts) is counted on its own; all others share
 * the limits below (docs/decisions/007).
 */
export const THROTTLE_WINDOW_MS = 15 * MINUTE;
/** Per account from one address (or one known device): what a guesser there gets. */
export const MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS = 5;
/**
 * Per account across all addresses of unknown browsers: higher, so a guesser on one address
 * cannot lock out another browser at once, while many addresses together still hit a ceiling
 * — which the staff member's own known browser never meets.
 */
export const MAX_CHECKS_PER_ACCOUNT = 30;
/** Per address across all accounts: trying many names from one place. */
export const MAX_CHECKS_PER_ADDRESS = 20;

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

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
/** What a username may be, as the invitation's form says and its refusal repeats. */
export const USERNAME_RULE = `${USERNAME_MIN_LENGTH} bis ${USERNAME_MAX_LENGTH} Zeichen: Buchstaben a–z, Ziffern, Punkt, Binde- oder Unterstrich.`;

const usernameRule = z
  .string({ required_error: "Der Benutzername fehlt.", invalid_type_error: "Der Benutzername muss ein Text sein." })
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^[a-z0-9._-]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`), `Der Benutzername braucht ${USERNAME_RULE}`);

/** Rules for new staff accounts (`npm run user:add`); there is never a default account. */
export const newStaffUserInput = z.object({ username: usernameRule, password: newPassword });

/** The rules of a chosen password, on /intern/konto and on an invitation alike: not the username, typed twice alike. */
const NOT_THE_USERNAME = "Das Passwort darf nicht der Benutzername sein.";
const isUsername = (password: string, name: string) => password.trim().toLowerCase() === name.trim().toLowerCase();

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
    .refine(({ newPassword }) => !isUsername(newPassword, username), { message: NOT_THE_USERNAME, path: ["newPassword"] })
    .refine(({ newPassword, repeatPassword }) => newPassword === repeatPassword, {
      message: "Die beiden neuen Passwörter stimmen nicht überein.",
      path: ["repeatPassword"],
    });
}
export type PasswordChange = z.infer<ReturnType<typeof passwordChangeInput>>;

/** "Konto anlegen" on an invitation: the Konto page's rules for the password, `npm run user:add`'s for the name. */
export const newAccountInput = z
  .object({
    username: usernameRule,
    password: newPassword,
    repeatPassword: z.string({ required_error: "Bitte das Passwort wiederholen." }),
  })
  .refine(({ username, password }) => !isUsername(password, username), { message: NOT_THE_USERNAME, path: ["password"] })
  .refine(({ password, repeatPassword }) => password === repeatPassword, {
    message: "Die beiden Passwörter stimmen nicht überein.",
    path: ["repeatPassword"],
  });
export type NewAccount = z.output<typeof newAccountInput>;

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
  origin: CheckOrigin,
  now = new Date(),
): Promise<void> {
  await confirmPassword(db, user, currentPassword, origin, WRONG_CURRENT_PASSWORD, now);
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, await sha256Hex(keepToken)))),
    logStatement(db, user, { action: "Passwort geändert", kind: "account", itemId: String(user.id), title: user.username }, { at: now }),
  ]);
}

/**
 * The staff member's own password, asked again before a change that weighs more than a session
 * should carry alone (a new password, the website address): 400 with `wrong` when it is not
 * theirs, counted like a login, so a stolen session guesses no more often than the login could.
 */
export async function confirmPassword(db: Database, user: StaffUser, password: string, origin: CheckOrigin, wrong: string, now = new Date()): Promise<void> {
  await claimPasswordCheck(db, user.username, origin, now);
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(password, row.passwordHash))) throw new HttpError(400, wrong);
  await forgetChecks(db, user.username, origin);
}

/** "Überall abmelden": every session of the account ends, the current one included. */
export async function endAllSessions(db: Database, user: StaffUser): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    logStatement(db, user, { action: "überall abgemeldet", kind: "account", itemId: String(user.id), title: user.username }),
  ]);
}

/**
 * Creates the account, or sets a new password when the username exists (`npm run user:add`, for
 * the first account and for recovery): an account removed on the Team page is active again.
 */
export async function saveStaffUser(db: Database, input: z.input<typeof newStaffUserInput>): Promise<StaffUser> {
  const { username, password } = parseOrThrow(newStaffUserInput, input);
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: users.username, set: { passwordHash, disabledAt: null } })
    .returning({ id: users.id, username: users.username });
  await db.delete(sessions).where(eq(sessions.userId, row.id));
  return row;
}

export interface StaffUser {
  id: number;
  username: string;
}

function newToken(): string {
  return toBase64Url(randomBytes(32));
}

function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Where a password check comes from: the client's address, and its device id when it is a known device of the account. */
export interface CheckOrigin {
  address: string;
  device: string | null;
}

/**
 * Checks the credentials and opens a session. Unknown user and wrong password get
 * the same answer and take the same time; too many checks answer 429.
 */
export async function login(
  db: Database,
  { username, password }: LoginInput,
  origin: CheckOrigin,
  now = new Date(),
): Promise<{ token: string; user: StaffUser }> {
  const name = normalizeUsername(username);
  await claimPasswordCheck(db, name, origin, now);

  const user = await db.select().from(users).where(eq(users.username, name)).get();
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : (await spendEquivalentTime(password), false);
  // A removed account answers as an unknown one, after the same work.
  if (!user || !valid || user.disabledAt) throw new HttpError(401, AUTH_FAILED);

  await forgetChecks(db, name, origin);
  const session = await newSession(now);
  const staffUser = { id: user.id, username: user.username };
  await db.batch([
    db.insert(sessions).values({ ...session.values, userId: user.id }),
    db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id)),
    logStatement(db, staffUser, { action: "angemeldet", kind: "account", itemId: String(user.id), title: user.username }, { at: now }),
  ]);
  return { token: session.token, user: staffUser };
}

/**
 * The throttle's scopes: which earlier checks count against this one, and how many may. A
 * known device has its own; unknown browsers share the per-address and account-wide ones.
 */
function throttleScopes(username: string, { address, device }: CheckOrigin) {
  if (device) {
    return [{ limit: MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS, where: sql`${loginAttempts.username} = ${username} and ${loginAttempts.device} = ${device}` }];
  }
  const unknown = sql`${loginAttempts.device} is null`;
  return [
    { limit: MAX_CHECKS_PER_ACCOUNT_AND_ADDRESS, where: sql`${loginAttempts.username} = ${username} and ${loginAttempts.address} = ${address} and ${unknown}` },
    { limit: MAX_CHECKS_PER_ACCOUNT, where: sql`${loginAttempts.username} = ${username} and ${unknown}` },
    { limit: MAX_CHECKS_PER_ADDRESS, where: sql`${loginAttempts.address} = ${address} and ${unknown}` },
  ];
}

/** After a correct password: the checks of its own scope are forgotten. */
async function forgetChecks(db: Database, username: string, { address, device }: CheckOrigin) {
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        device ? eq(loginAttempts.device, device) : and(eq(loginAttempts.address, address), isNull(loginAttempts.device)),
      ),
    );
}

/**
 * Records this password check, or refuses it with 429 — in one statement, so parallel
 * requests cannot all read the same count before any of them writes: D1 runs statements
 * one after another, and each insert sees every check recorded before it.
 */
async function claimPasswordCheck(db: Database, username: string, origin: CheckOrigin, now: Date) {
  const windowStart = now.getTime() - THROTTLE_WINDOW_MS;
  await db.delete(loginAttempts).where(lte(loginAttempts.attemptedAt, new Date(windowStart)));
  const underEveryLimit = sql.join(
    throttleScopes(username, origin).map(
      ({ limit, where }) =>
        sql`(select count(*) from ${loginAttempts} where ${where} and ${loginAttempts.attemptedAt} > ${windowStart}) < ${limit}`,
    ),
    sql` and `,
  );
  const claimed = await db.all<{ id: number }>(
    sql`insert into ${loginAttempts} (username, address, device, attempted_at) select ${username}, ${origin.address}, ${origin.device}, ${now.getTime()} where ${underEveryLimit} returning id`,
  );
  if (claimed.length > 0) return;

  const retryAfterSeconds = Math.max(1, Math.ceil((await throttleLiftsAt(db, username, origin, now) - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new HttpError(
    429,
    `Zu viele fehlgeschlagene Anmeldungen. Bitte in ${minutes === 1 ? "einer Minute" : `${minutes} Minuten`} erneut versuchen.`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/**
 * When every full scope has room again: a scope with `count` checks and room for `limit`
 * opens when its (count − limit + 1)-th oldest check leaves the window. A check that
 * only counts for another scope must not shorten the wait the client is told.
 */
async function throttleLiftsAt(db: Database, username: string, origin: CheckOrigin, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  let liftsAt = now.getTime();
  for (const { limit, where } of throttleScopes(username, origin)) {
    const checks = await db
      .select({ at: loginAttempts.attemptedAt })
      .from(loginAttempts)
      .where(and(where, gt(loginAttempts.attemptedAt, windowStart)))
      .orderBy(asc(loginAttempts.attemptedAt));
    if (checks.length >= limit) liftsAt = Math.max(liftsAt, checks[checks.length - limit].at.getTime() + THROTTLE_WINDOW_MS);
  }
  return liftsAt;
}

/** A new session's token, and the values of its row but the account, for the caller's batch (only the hash is stored). */
export async function newSession(now: Date) {
  const token = newToken();
  const values = { tokenHash: await sha256Hex(token), createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) };
  return { token, values };
}

export async function createSession(db: Database, userId: number, now = new Date()): Promise<string> {
  const { token, values } = await newSession(now);
  await db.insert(sessions).values({ ...values, userId });
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
    // A removed account's sessions are deleted with it; this makes its token useless even so.
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(users.disabledAt)))
    .get();
  if (!row) return null;
  const idleSince = now.getTime() - row.lastUsedAt.getTime();
  if (now >= row.expiresAt || idleSince >= SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (idleSince >= TOUCH_INTERVAL_MS) {
    // Only the idle clock: a database too busy to take this write must not turn away a valid
    // session (issue 41); the next request after the touch interval tries again.
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(eq(sessions.tokenHash, tokenHash))
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        console.warn("Sitzung nicht aufgefrischt: D1 nimmt gerade nicht an", error);
      });
  }
  return { id: row.id, username: row.username };
}

export async function endSession(db: Database, token: string | null | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
}

/* The Team page: the accounts, and "Entfernen". All staff have the same rights (SPEC §6). */

export interface StaffAccount {
  id: number;
  username: string;
  /** ISO 8601, or null before the first sign-in. */
  lastSignInAt: string | null;
  /** Sessions not yet ended, idle or expired: the browsers and API clients signed in now. */
  activeSessions: number;
}

/** The active accounts, alphabetically; removed ones are not listed. */
export async function listStaffAccounts(db: Database, now = new Date()): Promise<StaffAccount[]> {
  const live = and(
    eq(sessions.userId, users.id),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      lastSignInAt: users.lastSignInAt,
      activeSessions: sql<number>`(select count(*) from ${sessions} where ${live})`,
    })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(asc(users.username));
  return rows.map((row) => ({ ...row, lastSignInAt: row.lastSignInAt?.toISOString() ?? null }));
}

/** Every account's name, removed ones too: the people the Verlauf can be filtered by. */
export async function listStaffNames(db: Database): Promise<string[]> {
  const rows = await db.select({ username: users.username }).from(users).orderBy(asc(users.username));
  return rows.map((row) => row.username);
}

export const ACCOUNT_NOT_FOUND = "Dieses Konto gibt es nicht (mehr).";
export const CANNOT_REMOVE_SELF = "Das eigene Konto kann nicht entfernt werden.";
export const CANNOT_REMOVE_LAST = "Das letzte aktive Konto kann nicht entfernt werden.";

/**
 * "Entfernen": the account is disabled, its sessions end (so its token answers 401 at once) and
 * every open invitation it made is withdrawn, in one batch. Returns how many links were withdrawn.
 * Nobody removes themselves, and the last active account stays: the update's own condition
 * decides that when the batch runs, so two staff members removing each other at the same moment
 * leave one of them (and a removed remover removes nobody).
 */
export async function removeStaffAccount(
  db: Database,
  actor: StaffUser,
  accountId: string,
  now = new Date(),
): Promise<{ withdrawnInvitations: number }> {
  // The id as the Team page shows it: anything but a whole number names no account.
  const id = /^\d{1,15}$/.test(accountId) ? Number(accountId) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(ACCOUNT_NOT_FOUND);
  if (id === actor.id) throw new HttpError(400, CANNOT_REMOVE_SELF);
  const target = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)))
    .get();
  if (!target) throw notFound(ACCOUNT_NOT_FOUND);
  const active = sql`(select count(*) from ${users} where ${users.disabledAt} is null)`;
  const actorActive = sql`exists (select 1 from ${users} where ${users.id} = ${actor.id} and ${users.disabledAt} is null)`;
  const removedNow = sql`exists (select 1 from ${users} where ${users.id} = ${id} and ${users.disabledAt} = ${now.getTime()})`;
  const [removed, , , withdrawn] = await db.batch([
    db
      .update(users)
      .set({ disabledAt: now })
      .where(and(eq(users.id, id), isNull(users.disabledAt), sql`${active} > 1`, actorActive))
      .returning({ id: users.id }),
    db.delete(sessions).where(and(eq(sessions.userId, id), removedNow)),
    logStatement(db, actor, { action: "entfernt", kind: "account", itemId: String(id), title: target.username }, { at: now, when: removedNow }),
    db
      .delete(invitations)
      .where(and(eq(invitations.createdBy, target.username), removedNow))
      .returning({ expiresAt: invitations.expiresAt }),
  ]);
  if (removed.length === 0) throw new HttpError(409, CANNOT_REMOVE_LAST);
  return { withdrawnInvitations: withdrawn.filter((row) => row.expiresAt > now).length };
}
