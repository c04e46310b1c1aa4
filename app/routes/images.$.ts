import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readImage } from "~/server/references.server";

/** Stored keys are random and never reused, so an image can be cached for good. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const object = await readImage(context.cloudflare.env.IMAGES, params["*"] ?? "");
  if (!object) return new Response("Bild nicht gefunden.", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (request.headers.get("If-None-Match") === object.httpEtag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, { headers });
}
