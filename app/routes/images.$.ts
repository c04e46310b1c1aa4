import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { userForToken } from "~/server/entities/staff-accounts.server";
import { isPublicKind, isServableKey, parseKey } from "~/server/images/keys.server";
import { getStaffUser } from "~/server/web/staff-session.server";

/**
 * Stored keys are random and never reused, so a picture can be cached for good — a public one
 * by anyone, a customer's photo only by the staff member's own browser.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const parsed = parseKey(key);
  // Staff are signed in on the pages (session cookie) or call with the API's token header.
  const isStaff = async () =>
    (await getStaffUser(request, context)) !== null || (await userForToken(context.db, request.headers.get("token"))) !== null;
  const servable = await isServableKey(key, isStaff);
  const object = servable ? await context.cloudflare.env.IMAGES.get(key) : null;
  if (!object) return new Response("Bild nicht gefunden.", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": `${parsed && isPublicKind(parsed.kind) ? "public" : "private"}, max-age=31536000, immutable`,
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (request.headers.get("If-None-Match") === object.httpEtag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, { headers });
}
