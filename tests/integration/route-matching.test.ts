import { matchPath, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// @remix-run/router is patched to compile each route path and rank each route tree once
// (patches/, decision 013); a cache keyed wrongly would answer one pattern with another's match.
describe("route matching with the patched router", () => {
  it("keeps case sensitivity and partial matching apart for the same path", () => {
    expect(matchPath({ path: "/Referenz", caseSensitive: true }, "/referenz")).toBeNull();
    expect(matchPath({ path: "/Referenz" }, "/referenz")?.pathname).toBe("/referenz");
    expect(matchPath({ path: "/intern", end: false }, "/intern/news")?.pathnameBase).toBe("/intern");
    expect(matchPath({ path: "/intern" }, "/intern/news")).toBeNull();
  });

  it("answers repeated matches of one route tree each by its own path", () => {
    const routes = [
      { id: "root", path: "/", children: [
        { id: "home", index: true },
        { id: "news", path: "intern/news" },
        { id: "api", path: "api/v1/*" },
        { id: "fallback", path: "*" },
      ] },
    ];
    const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;
    for (let round = 0; round < 3; round++) {
      expect(leaf("/")).toBe("home");
      expect(leaf("/intern/news")).toBe("news");
      expect(matchRoutes(routes, "/api/v1/news/get")?.at(-1)?.params["*"]).toBe("news/get");
      expect(leaf("/gibt-es-nicht")).toBe("fallback");
    }
  });
});
