import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { submitEnquiry } from "~/server/web/enquiry-form.server";

/**
 * POST /anfrage/senden — the enquiry form with JavaScript. The page sends the form (its
 * photos shrunk in the browser) by XMLHttpRequest to show the upload's progress, and needs
 * a plain JSON answer: `{ location }` (201) of the confirmation, or `{ error, fieldErrors }`
 * with the same status and German messages the plain form shows at its fields. The form
 * without JavaScript posts to the page's own action (app/routes/_public.anfrage.tsx) instead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await submitEnquiry(request, context);
  if (answer.ok) return Response.json({ location: answer.location, reference: answer.reference }, { status: 201 });
  return Response.json({ error: answer.message, fieldErrors: answer.fieldErrors }, { status: answer.status, headers: answer.headers });
}
