import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { consentCookies, externalCookie, readPreferences, redirectBack } from "~/server/web/preferences.server";

/** "Externe Cookies akzeptieren" under the map without JavaScript (SPEC §4 map consent). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const { consent } = readPreferences(request);
  // A saved consent is kept in step so the dialog later shows what the visitor chose here.
  const cookies = consent
    ? consentCookies(request, { essential: true, external: true })
    : [externalCookie(request, true)];
  return redirectBack(form, cookies);
}

export const loader = () => redirect("/");
