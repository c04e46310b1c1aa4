import type { LinksFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import staffStyles from "~/styles/staff.css?url";

// An error in a staff page shows inside the staff layout with its styles.
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

/**
 * Layout of the staff area: only the staff styles, shared by every /intern page
 * (login, the four screens, the toasts). No loader here: Remix runs loaders in
 * parallel, so each page checks the session in its own loader and action.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export default function InternLayout() {
  return <Outlet />;
}
