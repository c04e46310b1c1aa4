import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { isTheme } from "~/lib/preferences";
import { readPreferences, redirectBack, themeCookie } from "~/server/web/preferences.server";

/** The dark/light switch without JavaScript: store the theme so the server renders it. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const requested = form.get("theme");
  const theme = isTheme(requested) ? requested : readPreferences(request).theme === "dark" ? "light" : "dark";
  return redirectBack(form, [themeCookie(request, theme)]);
}

export const loader = () => redirect("/");
