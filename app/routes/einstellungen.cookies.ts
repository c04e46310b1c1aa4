import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { consentFor, type ConsentChoice } from "~/lib/preferences";
import { consentCookies, redirectBack } from "~/server/web/preferences.server";

const CHOICES = new Set<ConsentChoice>(["alle", "essenziell", "speichern"]);

/** The consent dialog's buttons without JavaScript: store the choice, return to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = form.get("wahl");
  // An unknown button counts as the most private choice rather than an error page.
  const consent = consentFor(
    CHOICES.has(choice as ConsentChoice) ? (choice as ConsentChoice) : "essenziell",
    form.get("external") === "on",
  );
  return redirectBack(form, consentCookies(request, consent));
}

export const loader = () => redirect("/");
