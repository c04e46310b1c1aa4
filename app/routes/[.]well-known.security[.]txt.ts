import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl } from "~/lib/seo";
import { getBusiness } from "~/server/entities/business.server";

/** RFC 9116 asks for an expiry less than a year ahead; made on each request, it never lapses. */
const SECURITY_TXT_VALID_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /.well-known/security.txt (RFC 9116): whom to tell about a weakness, from the business record. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { email, website } = await getBusiness(context.db);
  const expires = new Date(Math.floor(Date.now() / DAY_MS + SECURITY_TXT_VALID_DAYS) * DAY_MS);
  const body = [
    `Contact: mailto:${email}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: de, en",
    `Canonical: ${absoluteUrl(website, "/.well-known/security.txt")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
