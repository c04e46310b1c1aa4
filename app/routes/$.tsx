import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { canonicalPath, PATH_ALIASES } from "~/lib/site-areas";

/**
 * Aliases redirect permanently (query string kept). Any other unknown path falls back
 * to the home page by a temporary redirect rather than by rendering the home page under
 * the unknown address: the visitor gets a correct, shareable URL, crawlers see no
 * duplicate of the home page, and the home page's data loading stays in its own route.
 * Temporary, because a page may later exist at that path.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = PATH_ALIASES[canonicalPath(url.pathname)];
  if (target) return redirect(`${target}${url.search}`, 301);
  return redirect("/", 302);
}

/** Posts to unknown paths end the same way instead of with an error page. */
export const action = () => redirect("/", 303);
