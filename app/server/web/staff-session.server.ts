import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { PATHS } from "~/lib/site-areas";
import { SESSION_ABSOLUTE_MS, type StaffUser, userForToken } from "~/server/entities/staff-accounts.server";
import { clearCookie, hostOnlyName, readCookie, writeCookie } from "~/server/web/cookies.server";

/**
 * The staff pages carry the same session token as the API's `token` header, in an HttpOnly
 * cookie so page scripts never see it, named `__Host-sitzung` over HTTPS (cookies.server.ts).
 */
const SESSION_COOKIE = "sitzung";

export const sessionCookieName = (request: Request) => hostOnlyName(request, SESSION_COOKIE);

export function sessionTokenFrom(request: Request): string | null {
  return readCookie(request, sessionCookieName(request)) || null;
}

/** Whether the request carries a session cookie at all, valid or not (such a request never shares a cached page). */
export const hasSessionCookie = (request: Request) => readCookie(request, sessionCookieName(request)) !== undefined;

export function commitSessionCookie(request: Request, token: string): string {
  return writeCookie(request, sessionCookieName(request), token, { httpOnly: true, maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(request: Request): string {
  return clearCookie(request, sessionCookieName(request), { httpOnly: true });
}

export async function getStaffUser(request: Request, context: AppLoadContext): Promise<StaffUser | null> {
  return userForToken(context.db, sessionTokenFrom(request));
}

/**
 * For staff pages: without a valid session visitors go to the home page (SPEC §4).
 * A stale cookie is cleared on the way.
 */
export async function requireStaffForPage(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await getStaffUser(request, context);
  if (user) return user;
  throw redirect("/", hasSessionCookie(request) ? { headers: { "Set-Cookie": clearSessionCookie(request) } } : undefined);
}

/**
 * For staff actions: nothing is written without a valid session. A session that
 * ended mid-work leads to the login page with a message, so the staff member knows
 * what happened and where to continue.
 */
export async function requireStaffForAction(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await getStaffUser(request, context);
  if (user) return user;
  const returnTo = new URL(request.url).pathname;
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  throw redirect(`${PATHS.staffLogin}?abgelaufen=1&weiter=${encodeURIComponent(returnTo)}`, { headers });
}
