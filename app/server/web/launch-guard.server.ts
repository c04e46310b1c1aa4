import { missingForImpressum } from "~/lib/business-fields";
import type { BusinessRecord } from "~/lib/business";
import { DEMO_BUSINESS } from "~/lib/site-config";

/*
 * The launch guard (issue 39, decision 020): while the record still holds the demo's stand-ins
 * (or empty fields) for the Impressum, every staff page shows a red band, and a deployed site
 * asks search engines not to index its public pages — a wrong Impressum under a real domain
 * must not end up in search results. The local demo (`npm start`) stays indexable, so it is
 * measured as it will be deployed.
 */

/** The first field the Impressum still needs, for the staff band's link; null once none is missing. */
export function firstMissingForImpressum(record: BusinessRecord): { key: string; label: string } | null {
  const [first] = missingForImpressum(record, DEMO_BUSINESS);
  return first ? { key: first.key, label: first.label } : null;
}

/** The names this machine answers to: a request to any other host reached a deployed site. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request reached a deployed site, read from the address it was sent to: a deployed
 * worker is never asked at localhost, and `npm start`, `npm run dev`, the browser tests and the
 * bench always are — no setting to forget on either side (decision 020).
 */
export function isDeployedRequest(request: Request): boolean {
  const { hostname } = new URL(request.url);
  return !LOCAL_HOSTS.has(hostname) && !hostname.endsWith(".localhost");
}

/** The public pages' X-Robots-Tag while the guard holds, else null. */
export function launchGuardRobots(request: Request, record: BusinessRecord): string | null {
  return isDeployedRequest(request) && firstMissingForImpressum(record) !== null ? "noindex" : null;
}
