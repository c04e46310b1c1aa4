import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { canonicalPath, isFilePath, PATH_ALIASES } from "~/lib/site-areas";

/** A missing file: a plain 404 that browsers and crawlers take for what it is. */
const missingFile = () =>
  new Response("Diese Datei gibt es nicht.", {
    status: 404,
    // A file may exist there after the next deploy.
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

/**
 * Aliases redirect permanently (query string kept). Any other unknown path falls back
 * to the home page by a temporary redirect rather than by rendering the home page under
 * the unknown address: the visitor gets a correct, shareable URL, crawlers see no
 * duplicate of the home page, and the home page's data loading stays in its own route.
 * Temporary, because a page may later exist at that path. A path that names a file
 * (`/assets/…`, `/.well-known/…`, `….js`) is no page and answers 404 (issue 37).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = PATH_ALIASES[canonicalPath(url.pathname)];
  if (target) return redirect(`${target}${url.search}`, 301);
  if (isFilePath(url.pathname)) return missingFile();
  return redirect("/", 302);
}

/** Posts to unknown paths end the same way instead of with an error page. */
export const action = ({ request }: LoaderFunctionArgs) => (isFilePath(new URL(request.url).pathname) ? missingFile() : redirect("/", 303));
