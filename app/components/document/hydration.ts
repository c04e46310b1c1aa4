import { useMatches } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";

/*
 * Which pages ship the framework (decision 018). Every page works without JavaScript, so a page
 * loads React, Remix and its own modules only where a route declares a feature that needs them
 * (`handle.hydrate`): the home page's slideshow and news, the gallery's viewer and before/after
 * divider, the enquiry form's photo shrinking and progress, and the staff area. The other public
 * pages are documents: their links are plain links, their forms plain forms, and the speculation
 * rules make the next one instant.
 */

/** What a route's `handle` says about the browser. */
export interface HydrationHandle {
  /** A feature of this page (or, on a layout, of every page below it) needs React in the browser. */
  hydrate?: boolean;
}

/**
 * Whether the document carries the framework's scripts: where a matched route asks for them,
 * and, once the browser runs them, for good (a client navigation to a document page keeps the
 * router and its scroll restoration running).
 */
export function useShipsScripts(): boolean {
  const asked = useMatches().some((match) => (match.handle as HydrationHandle | undefined)?.hydrate === true);
  return useHydrated() || asked;
}
