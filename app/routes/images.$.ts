import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { userForToken } from "~/server/entities/staff-accounts.server";
import { audienceOfKey, PUBLIC_PICTURE_MAX_AGE_SECONDS } from "~/server/images/keys.server";
import { hasPictureRow } from "~/server/images/picture-rows.server";
import { getStaffUser } from "~/server/web/staff-session.server";

/**
 * A public picture for everyone while it has its row; a customer's photo, or any picture in the
 * Papierkorb, only for signed-in staff, cached by nobody else. Stored keys are random and never
 * reused, so a staff member's own browser keeps what it was shown.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const audience = await audienceOfKey(key, ({ kind, id }) => hasPictureRow(context.db, kind, id));
  // Staff are signed in on the pages (session cookie) or call with the API's token header.
  const isStaff = async () =>
    (await getStaffUser(request, context)) !== null || (await userForToken(context.db, request.headers.get("token"))) !== null;
  const servable = audience === "everyone" || (audience === "staff" && (await isStaff()));
  // Revalidation by ETag: R2 checks `If-None-Match` itself and, when it matches, sends the
  // object's metadata without its body (issue 37).
  const ifNoneMatch = request.headers.get("If-None-Match");
  const onlyIf = ifNoneMatch ? new Headers({ "If-None-Match": ifNoneMatch }) : undefined;
  const object = servable ? await context.cloudflare.env.IMAGES.get(key, { onlyIf }) : null;
  if (!object) return new Response("Bild nicht gefunden.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control":
      audience === "everyone" ? `public, max-age=${PUBLIC_PICTURE_MAX_AGE_SECONDS}` : "private, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
