import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

/** SPEC §2 route table: every alias answers a permanent redirect to its page. */
const ALIASES: Record<string, string> = {
  "ueberuns-service": "/about",
  ueberuns: "/about",
  service: "/about",
  leistung: "/about",
  datenschutz: "/impressum",
  "impressum-und-datenschutz": "/impressum",
  legal: "/impressum",
  mprint: "/impressum",
  "data-privacy": "/impressum",
  impresum: "/impressum",
  kontakt: "/standort",
  contact: "/standort",
  leder: "/ledermuster",
  muster: "/ledermuster",
  bilder: "/referenz",
  galerie: "/referenz",
};

/**
 * Aliases redirect permanently (query string kept). Any other unknown path falls back
 * to the home page by a temporary redirect rather than by rendering the home page under
 * the unknown address: the visitor gets a correct, shareable URL, crawlers see no
 * duplicate of the home page, and the home page's data loading stays in its own route.
 * Temporary, because a page may later exist at that path.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const alias = (params["*"] ?? "").toLowerCase().replace(/\/+$/, "");
  const target = ALIASES[alias];
  if (target) return redirect(`${target}${new URL(request.url).search}`, 301);
  return redirect("/", 302);
}

/** Posts to unknown paths end the same way instead of with an error page. */
export const action = () => redirect("/", 303);
