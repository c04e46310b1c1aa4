import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { redirectBack, seenAlertsCookie } from "~/server/web/preferences.server";

/** The popup's OK without JavaScript: remember the seen alert list for this browser session. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const key = form.get("key");
  const cookies = typeof key === "string" && /^[\w-]{1,40}$/.test(key) ? [seenAlertsCookie(request, key)] : [];
  return redirectBack(form, cookies);
}

export const loader = () => redirect("/");
