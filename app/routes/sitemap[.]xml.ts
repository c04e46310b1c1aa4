import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl } from "~/lib/seo";
import { getBusiness } from "~/server/entities/business.server";
import { publishedProjectPaths } from "~/server/entities/projects.server";

/** The canonical public pages; aliases and the staff area stay out. */
const SITEMAP_PATHS = ["/", "/about", "/referenz", "/ledermuster", "/standort", "/anfrage", "/impressum"] as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const [{ website }, projects] = await Promise.all([getBusiness(context.db), publishedProjectPaths(context.db)]);
  const urls = [
    ...SITEMAP_PATHS.map((path) => `  <url><loc>${absoluteUrl(website, path)}</loc></url>`),
    // Each published project page, with its last change.
    ...projects.map(({ path, updatedAt }) => `  <url><loc>${absoluteUrl(website, path)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`),
  ].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
