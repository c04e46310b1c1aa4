import { useLocation } from "@remix-run/react";
import { withoutConsentParam } from "~/lib/preferences";

/** The page a preference form returns to without JavaScript. */
export function useReturnPath(): string {
  const { pathname, search } = useLocation();
  return withoutConsentParam(pathname + search);
}
