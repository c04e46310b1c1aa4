import { Link } from "@remix-run/react";
import { businessFieldId } from "~/lib/business";
import { PATHS } from "~/lib/site-areas";

/**
 * The launch guard's band at the top of every staff page while the Impressum still holds the
 * demo's stand-ins (or empty fields): one tap to the first of them on /intern/betrieb. Until then
 * a deployed site keeps its public pages out of search engines (server/web/launch-guard.server.ts).
 */
export function LaunchGuardBanner({ missing }: { missing: { key: string; label: string } | null }) {
  if (!missing) return null;
  return (
    <p className="launch-guard">
      <Link to={`${PATHS.staffBusiness}#${businessFieldId(missing.key)}`} className="launch-guard__link">
        Die Website zeigt noch Beispieldaten – <span>Betrieb ausfüllen</span>
      </Link>
    </p>
  );
}
