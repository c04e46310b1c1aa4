import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { INVITATION_GONE, INVITATION_VALID_DAYS } from "~/lib/activity";
import { formatDateTime } from "~/lib/dates";
import { PATHS } from "~/lib/site-areas";
import { HttpError, notFound } from "~/server/base/errors.server";
import { hashPassword } from "~/server/base/password.server";
import { newId } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { invitations, sessions, users } from "~/server/db/schema";
import { type Actor, logStatement, rowExists } from "./activity-log.server";
import { signed, verified } from "./site-keys.server";
import { type NewAccount, newSession, type StaffUser } from "./staff-accounts.server";

/*
 * "Mitarbeiter einladen" on the Team page: a link valid for `INVITATION_VALID_DAYS`, used once,
 * withdrawable, shown to copy or share (no e-mail needed). The link carries the invitation's id
 * signed with the site's key for this purpose, so it cannot be guessed or forged, and the page can
 * show it again while it is open. Accepting or withdrawing deletes the row.
 *
 * An invitation speaks for the colleague who made it: it is open only while that account is
 * active, and removing the account withdraws every link it made in the same batch, so a person
 * let go cannot let themselves back in with a link made before (decision 016).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const INVITATION_NOT_FOUND = "Diese Einladung gibt es nicht (mehr).";
export const USERNAME_TAKEN = "Diesen Benutzernamen gibt es schon. Bitte einen anderen wählen.";

export interface Invitation {
  id: string;
  createdBy: string;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  /** The link to share, as a path of this site. */
  path: string;
}

/** The invitation's maker is still in the team (a correlated condition on the invitation's row). */
const creatorActive = sql`exists (select 1 from ${users} where ${users.username} = ${invitations.createdBy} and ${users.disabledAt} is null)`;

/** Open: not expired, and its maker still active. */
const isOpen = (now: Date) => and(gt(invitations.expiresAt, now), creatorActive)!;

const invitationPath = async (db: Database, id: string) => `${PATHS.staffInvitation}/${await signed(db, "invitation", id)}`;

/** Creates an invitation for whoever opens its link within `INVITATION_VALID_DAYS`. */
export async function createInvitation(db: Database, actor: Actor, now = new Date()): Promise<Invitation> {
  const id = newId();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  await db.batch([
    db.insert(invitations).values({ id, createdBy: actor.username, createdAt: now, expiresAt }),
    logStatement(db, actor, { action: "angelegt", kind: "invitation", itemId: id, title: `gültig bis ${formatDateTime(expiresAt)}` }, { at: now }),
  ]);
  return { id, createdBy: actor.username, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), path: await invitationPath(db, id) };
}

/** The invitations that can still be used, newest first (the one just made right under the button). */
export async function listInvitations(db: Database, now = new Date()): Promise<Invitation[]> {
  const rows = await db.select().from(invitations).where(isOpen(now)).orderBy(desc(invitations.createdAt));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      path: await invitationPath(db, row.id),
    })),
  );
}

/** "Zurückziehen": the link stops working at once. */
export async function withdrawInvitation(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const own = eq(invitations.id, id);
  const row = await db.select().from(invitations).where(own).get();
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  const [, deleted] = await db.batch([
    logStatement(db, actor, { action: "zurückgezogen", kind: "invitation", itemId: id, title: `gültig bis ${formatDateTime(row.expiresAt)}` }, {
      at: now,
      when: rowExists(invitations, own),
    }),
    db.delete(invitations).where(own).returning({ id: invitations.id }),
  ]);
  if (deleted.length === 0) throw notFound(INVITATION_NOT_FOUND);
}

/** "Alle offenen Einladungen zurückziehen": every link stops working at once. Returns how many were open. */
export async function withdrawAllInvitations(db: Database, actor: Actor, now = new Date()): Promise<number> {
  const [, deleted] = await db.batch([
    logStatement(db, actor, { action: "zurückgezogen", kind: "invitation", title: "alle offenen Einladungen" }, {
      at: now,
      when: rowExists(invitations, isOpen(now)),
    }),
    db.delete(invitations).returning({ expiresAt: invitations.expiresAt }),
  ]);
  return deleted.filter((row) => row.expiresAt > now).length;
}

/** The open invitation a link's token names, or null (forged, expired, used or withdrawn). */
export async function openInvitation(db: Database, token: string, now = new Date()): Promise<{ id: string; createdBy: string } | null> {
  const id = token.length <= 200 ? await verified(db, "invitation", token) : null;
  if (!id) return null;
  const row = await db
    .select({ id: invitations.id, createdBy: invitations.createdBy })
    .from(invitations)
    .where(and(eq(invitations.id, id), isOpen(now)))
    .get();
  return row ?? null;
}

/**
 * "Konto anlegen": creates the account, signs it in and uses up the invitation, in one batch
 * that runs only while the invitation is open, so two people opening the same link get one
 * account. Returns the new session's token. A name that exists (removed accounts included)
 * answers `USERNAME_TAKEN` (409), an invitation no longer open `INVITATION_GONE` (410).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  { username, password }: NewAccount,
  now = new Date(),
): Promise<{ token: string; user: StaffUser }> {
  const invitation = await openInvitation(db, token, now);
  if (!invitation) throw new HttpError(410, INVITATION_GONE);
  if (await db.select({ id: users.id }).from(users).where(eq(users.username, username)).get()) {
    throw new HttpError(409, USERNAME_TAKEN);
  }
  // The new row is found by its hash, which no other account has (a random salt each): a name
  // taken in the same moment can never be signed in by this request.
  const passwordHash = await hashPassword(password);
  const created = and(eq(users.username, username), eq(users.passwordHash, passwordHash))!;
  const open = and(eq(invitations.id, invitation.id), isOpen(now))!;
  const session = await newSession(now);
  const { tokenHash, expiresAt } = session.values;
  let inserted: { id: number }[];
  try {
    [inserted] = await db.batch([
      db
        .insert(users)
        .select(sql`select null, ${username}, ${passwordHash}, ${now.getTime()}, ${now.getTime()}, null where ${rowExists(invitations, open)}`)
        .returning({ id: users.id }),
      db.delete(invitations).where(eq(invitations.id, invitation.id)),
      db
        .insert(sessions)
        .select(
          sql`select ${tokenHash}, ${users.id}, ${now.getTime()}, ${now.getTime()}, ${expiresAt.getTime()} from ${users} where ${created}`,
        ),
      logStatement(db, { username }, { action: "angelegt", kind: "account", title: `${username} (eingeladen von ${invitation.createdBy})` }, {
        at: now,
        when: rowExists(users, created),
      }),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed")) throw new HttpError(409, USERNAME_TAKEN);
    throw error;
  }
  if (inserted.length === 0) throw new HttpError(410, INVITATION_GONE);
  return { token: session.token, user: { id: inserted[0].id, username } };
}

/** For the scheduled handler: invitations past their end are deleted. */
export async function deleteExpiredInvitations(db: Database, now: Date): Promise<void> {
  await db.delete(invitations).where(lte(invitations.expiresAt, now));
}
