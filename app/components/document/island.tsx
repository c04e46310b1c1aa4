import { type ComponentType, createContext, type ReactElement, useContext } from "react";
import { HydrationProvider } from "~/components/use-hydrated";

/*
 * A part of a page that the browser hydrates on its own (issue 41, decision 018): the server
 * renders it like the rest of the page, inside a container that names it and carries its props;
 * `islands.client.tsx` hydrates each container with `hydrateRoot`. The page itself ships neither
 * Remix nor the router, only React and the islands it shows.
 */

/** Every island by name; `islands.client.tsx` holds the same names with the modules to load. */
export type IslandName = "slideshow" | "pairs" | "news" | "viewer" | "enquiry";

/** The container's attributes: `islands.client.tsx` finds it, reads its props and marks it once it has switched. */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** Set on the container once the island has hydrated and switched to its JavaScript version. */
export const ISLAND_READY_ATTRIBUTE = "data-island-ready";

/** What the island's own root renders, on the server and in the browser alike. */
export function islandRoot(Component: ComponentType<object>, props: object, onSwitched?: () => void): ReactElement {
  return (
    <HydrationProvider onSwitched={onSwitched}>
      <Component {...props} />
    </HydrationProvider>
  );
}

/** How the server renders an island: `renderToString` with the island's name as prefix of its ids. */
export type IslandRenderer = (root: ReactElement, options: { identifierPrefix: string }) => string;

/**
 * Given by the server's entry where the page's islands hydrate on their own: each island is then
 * rendered as its own root, so that `useId` and the hooks see the same tree as the browser's
 * `hydrateRoot` on the container. Without it (`npm run dev`, or a page rendered by Remix in the
 * browser) an island is an ordinary part of the page.
 */
export const IslandRendering = createContext<IslandRenderer | null>(null);

/**
 * Renders `component` with `props` in its island container. The props travel as JSON, so they are
 * plain data, and an island reads no context of the page (a root of its own has none); the
 * container takes no box of its own (`display: contents`), the page's layout stays.
 */
export function Island<P extends object>({ name, component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const render = useContext(IslandRendering);
  const attributes = { [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props), style: { display: "contents" } };
  if (!render) {
    const Component = component;
    return (
      <div {...attributes}>
        <Component {...props} />
      </div>
    );
  }
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: render(islandRoot(component as ComponentType<object>, props), { identifierPrefix: name }) }} />;
}
