import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getStaffUser } from "~/server/web/staff-session.server";
import { PATHS } from "~/lib/site-areas";

/** SPEC §2: the container entry leads to News with a session, otherwise to Login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getStaffUser(request, context);
  return redirect(user ? PATHS.staffNews : PATHS.staffLogin);
}
