import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { projectPhotoKey } from "~/server/entities/projects.server";

/**
 * GET /referenz/projekt/<slug>/foto/<id> — a customer's photo on a project page (issue 40): only
 * while the project is published and her consent to her photos holds, else 404. Asked again on
 * every view (`no-cache`, answered by its ETag), so a withdrawal takes it off at once.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = await projectPhotoKey(context.db, params.slug ?? "", params.foto ?? "");
  const ifNoneMatch = request.headers.get("If-None-Match");
  const object = key ? await context.cloudflare.env.IMAGES.get(key, { onlyIf: ifNoneMatch ? new Headers({ "If-None-Match": ifNoneMatch }) : undefined }) : null;
  if (!object) return new Response("Bild nicht gefunden.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
