import { useMatches } from "@remix-run/react";
import islandsEntry from "virtual:islands-entry";
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
  /**
   * The page's features are islands (`components/document/island.tsx`): the browser loads React
   * and hydrates only those, never Remix (under `npm run dev`, which builds no islands' script, the
   * page hydrates whole).
   */
  islands?: boolean;
}

function useHandles(): HydrationHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as HydrationHandle);
}

/** The islands' script a document loads, where a matched route is made of islands and Remix does not run. */
export function useIslandsScript(): string | null {
  const islands = useHandles().some((handle) => handle.islands === true);
  const hydrated = useHydrated();
  return islands && !hydrated ? islandsEntry : null;
}

/**
 * Whether the document carries the framework's scripts: where a matched route asks for them,
 * and, once the browser runs them, for good (a client navigation to a document page keeps the
 * router and its scroll restoration running).
 */
export function useShipsScripts(): boolean {
  const asked = useHandles().some((handle) => handle.hydrate === true || (handle.islands === true && islandsEntry === null));
  return useHydrated() || asked;
}
