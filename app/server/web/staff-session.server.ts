import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { SESSION_ABSOLUTE_MS, type StaffUser, userForToken } from "~/server/entities/staff-accounts.server";
import { PATHS } from "~/lib/site-areas";

/**
 * The staff pages carry the same session token as the API's `token` header, in an
 * HttpOnly cookie so page scripts never see it. Secure is set whenever the site runs on https.
 */
export const SESSION_COOKIE = "sitzung";

function sessionCookie(request: Request) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: new URL(request.url).protocol === "https:",
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export async function sessionTokenFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export async function commitSessionCookie(request: Request, token: string): Promise<string> {
  return sessionCookie(request).serialize(token);
}

export async function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

export async function getStaffUser(request: Request, context: AppLoadContext): Promise<StaffUser | null> {
  return userForToken(context.db, await sessionTokenFrom(request));
}

/**
 * For staff pages: without a valid session visitors go to the home page (SPEC §4).
 * A stale cookie is cleared on the way.
 */
export async function requireStaffForPage(request: Request, context: AppLoadContext): Promise<StaffUser> {
  const user = await getStaffUser(request, context);
  if (user) return user;
  const hadCookie = (await sessionTokenFrom(request)) !== null;
  throw redirect("/", hadCookie ? { headers: { "Set-Cookie": await clearSessionCookie(request) } } : undefined);
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
  headers.append("Set-Cookie", await clearSessionCookie(request));
  throw redirect(`${PATHS.staffLogin}?abgelaufen=1&weiter=${encodeURIComponent(returnTo)}`, { headers });
}
