import { toBase64Url, randomBytes } from "~/server/base/encoding.server";
import type { Database } from "~/server/db/client.server";
import { signed, verified } from "~/server/entities/site-keys.server";
import { clientAddress } from "~/server/base/client-address.server";
import type { CheckOrigin } from "~/server/entities/staff-accounts.server";
import { hostOnlyName, readCookie, writeCookie } from "~/server/web/cookies.server";

/*
 * OWASP's device cookie against lock-out: a browser that has signed in to an account gets a
 * signed cookie naming the account and a device id. Its password checks count for that device
 * alone, so guesses made elsewhere cannot lock the staff member out; every other browser meets
 * the account-wide limit (docs/decisions/007).
 */

export const DEVICE_COOKIE = "geraet";
export const DEVICE_MAX_AGE_DAYS = 365;
const DEVICE_MAX_AGE_SECONDS = DEVICE_MAX_AGE_DAYS * 24 * 60 * 60;

/** The device id of this browser if it has signed in to `username` before, else null. */
export async function knownDevice(db: Database, request: Request, username: string): Promise<string | null> {
  const value = await verified(db, "device", readCookie(request, hostOnlyName(request, DEVICE_COOKIE)));
  if (!value) return null;
  const separator = value.lastIndexOf(":");
  return value.slice(0, separator) === username.trim().toLowerCase() ? value.slice(separator + 1) : null;
}

/** After a successful sign-in: the cookie that makes this browser a known device of `username` (keeping its id). */
export async function knownDeviceCookie(db: Database, request: Request, username: string, device: string | null): Promise<string> {
  const value = await signed(db, "device", `${username}:${device ?? toBase64Url(randomBytes(16))}`);
  return writeCookie(request, hostOnlyName(request, DEVICE_COOKIE), value, { httpOnly: true, maxAgeSeconds: DEVICE_MAX_AGE_SECONDS });
}

/** Where a password check for `username` comes from, for the throttle of staff-accounts.server.ts. */
export async function checkOrigin(db: Database, request: Request, username: string): Promise<CheckOrigin> {
  return { address: clientAddress(request), device: await knownDevice(db, request, username) };
}
