import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api/http.server";
import { HttpError } from "~/server/base/errors.server";
import { saveUploadRequest } from "~/server/entities/reference-uploads.server";
import { requireStaffForAction } from "~/server/web/staff-session.server";

/**
 * POST /intern/uploadReference/bild — the staff uploader's per-image endpoint.
 *
 * With JavaScript the page sends each photo in its own request (the photo and its
 * `metadata` JSON) by XMLHttpRequest, so it can show upload
 * progress per file and retry one file alone. A resource route answers plain JSON
 * (`{ reference }` or `{ error }` with the module's status), which the route action of
 * the page could not do without Remix's own data encoding. Authentication is the page's
 * session cookie; without a valid one the request is redirected to the login page and
 * nothing is stored. The form without JavaScript posts to the page's own action instead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffForAction(request, context);
  try {
    const reference = await saveUploadRequest(context.db, user, context.pictures, request);
    return Response.json({ reference }, { status: 201 });
  } catch (error) {
    if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers);
    throw error;
  }
}
