import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// The routes are the files in app/routes, by Remix's flat-routes convention, as before Remix's
// `v3_routeConfig` flag: with it on, moving to React Router 7 keeps this file (decision 023).
export default flatRoutes() satisfies RouteConfig;
