import type { ServerBuild } from "@remix-run/cloudflare";
import { areaOf } from "~/lib/site-areas";

/*
 * Remix's lazy route discovery (`/__manifest?p=…&version=…`) matches every prefix of every
 * path it is asked about, and nothing bounds how many: one request of 3,780 one-letter
 * segments cost 55 rendered pages of CPU. The browser asks only about the links a page shows,
 * so a request with more paths, or a path deeper than any route (docs/decisions/007), is
 * refused before Remix does any work.
 */

/** More than any page of this site links to distinct paths (a page has some twenty). */
export const MAX_DISCOVERY_PATHS = 50;

/** Segments of the deepest route in the build, a splat counted as one: no link of the site needs more. */
export function deepestRoute(routes: ServerBuild["routes"]): number {
  const depth = (id: string | undefined): number => {
    const route = id ? routes[id] : undefined;
    if (!route) return 0;
    const own = route.path ? route.path.split("/").filter(Boolean).length : 0;
    return own + depth(route.parentId);
  };
  return Math.max(...Object.keys(routes).map(depth));
}

/** 400 for a discovery request beyond what the site's pages could send, else null. */
export function refusedDiscovery(request: Request, maxDepth: number): Response | null {
  const url = new URL(request.url);
  if (areaOf(url.pathname) !== "framework") return null;
  const paths = url.searchParams.getAll("p");
  const tooDeep = paths.some((path) => path.split("/").filter(Boolean).length > maxDepth);
  if (paths.length <= MAX_DISCOVERY_PATHS && !tooDeep) return null;
  return new Response("Zu viele oder zu lange Pfade.", { status: 400 });
}
