import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl } from "~/lib/seo";
import { getBusiness } from "~/server/entities/business.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { website } = await getBusiness(context.db);
  const sitemap = absoluteUrl(website, "/sitemap.xml");
  const body = ["User-agent: *", "Allow: /", "Disallow: /intern", "Disallow: /api", "", `Sitemap: ${sitemap}`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
