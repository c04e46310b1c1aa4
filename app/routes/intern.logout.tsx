import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/server/entities/staff-accounts.server";
import { clearSessionCookie, sessionTokenFrom } from "~/server/web/staff-session.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { PATHS } from "~/lib/site-areas";

/** "Abmelden" posts here: the session ends on the server, not just in this browser. */
export async function action({ request, context }: ActionFunctionArgs) {
  await endSession(context.db, sessionTokenFrom(request));
  return redirectWithToast(
    { request, context },
    PATHS.staffLogin,
    { type: "success", body: "Sie wurden abgemeldet." },
    { headers: { "Set-Cookie": clearSessionCookie(request) } },
  );
}

/** Logging out changes state, so a plain visit only leads on (the login page sends staff with a session to News). */
export function loader() {
  return redirect(PATHS.staffLogin);
}
