import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SITE } from "~/lib/site-config";

/** Title, description and canonical link of one public page. */
export function pageMeta({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}): MetaDescriptor[] {
  const url = `${SITE.origin}${path}`;
  return [
    { title: `${title} | ${SITE.name}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
  ];
}
