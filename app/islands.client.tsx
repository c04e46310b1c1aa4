import { type ComponentType, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_READY_ATTRIBUTE, islandRoot, type IslandName } from "~/components/document/island";
import { watchTypedFields } from "~/components/typed-fields";

/*
 * The one script of a page made of islands (components/document/island.tsx, decision 018): it
 * loads the module of each island the page shows, and only those, and hydrates each container on
 * its own, in a transition, so no island holds the main thread for long.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its component's own, read from JSON
type AnyComponent = ComponentType<any>;

const ISLANDS: Record<IslandName, () => Promise<AnyComponent>> = {
  slideshow: () => import("~/components/home/slideshow").then((module) => module.Slideshow),
  pairs: () => import("~/components/home/chosen-pairs").then((module) => module.ChosenPairs),
  news: () => import("~/components/home/news-feed").then((module) => module.NewsFeed),
  viewer: () => import("~/components/gallery/gallery-viewer").then((module) => module.GalleryViewer),
  enquiry: () => import("~/components/enquiry/enquiry-form").then((module) => module.EnquiryForm),
};

// Whatever was typed before this script ran, and until an island has switched, is kept (typed-fields.ts).
watchTypedFields();

for (const container of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = container.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
  const load = ISLANDS[name];
  if (!load) continue;
  const props = JSON.parse(container.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as object;
  void load().then((Component) =>
    startTransition(() => {
      hydrateRoot(container, islandRoot(Component, props, () => container.setAttribute(ISLAND_READY_ATTRIBUTE, "")), {
        identifierPrefix: name,
      });
    }),
  );
}
