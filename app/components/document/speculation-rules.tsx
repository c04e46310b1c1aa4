import { CONSENT_SETTINGS_PARAM } from "~/lib/preferences";
import { PATHS } from "~/lib/site-areas";
import { useNonce } from "./nonce";

/*
 * The next public page, prerendered while the visitor's pointer rests on its link or their
 * finger touches it (`moderate`), so a document page without the framework still changes page
 * at once (decision 018). Never the staff area, the API, pictures, the preference forms, a form's
 * target or an enquiry's private pages, and never the link that opens the consent dialog.
 */
const NOT_PRERENDERED = [
  `${PATHS.staff}`,
  `${PATHS.staff}/*`,
  `${PATHS.api}/*`,
  `${PATHS.pictures}/*`,
  `${PATHS.preferences}/*`,
  PATHS.enquirySend,
  `${PATHS.enquiryStatus}/*`,
  `/*\\?*${CONSENT_SETTINGS_PARAM}*`,
];

const RULES = JSON.stringify({
  prerender: [
    {
      source: "document",
      where: { and: [{ href_matches: "/*" }, { not: { href_matches: NOT_PRERENDERED } }] },
      eagerness: "moderate",
    },
  ],
});

/**
 * Rendered only for a visitor with nothing left to answer (consent given, the current alerts
 * seen), so a prerendered page has no dialog to show before anyone looks at it; its request
 * marks nothing as seen either (edge-cache.server.ts, `isSpeculative`).
 */
export function SpeculationRules() {
  const nonce = useNonce();
  return <script type="speculationrules" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RULES }} />;
}
