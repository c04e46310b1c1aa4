#!/usr/bin/env node
// Lighthouse's four scores (mobile preset, as Lighthouse runs by default) for pages of a running
// site, in Debian's Chromium. Used by `npm run bench`; on its own, for one page while fixing it:
//   node scripts/lighthouse.mjs http://localhost:8787 /referenz
// prints the scores and every audit that cost points.
import { existsSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const chromePath = () => process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const lighthouseAvailable = () => existsSync(chromePath());

/**
 * One Chromium per page, as the Lighthouse CLI does, so no page inherits another's cache or cookies.
 * Returns per path the scores (0–100) and the audits below full marks that count towards a score.
 */
export async function lighthouseScores(baseURL, paths) {
  const results = new Map();
  for (const path of paths) {
    const chrome = await launch({ chromePath: chromePath(), chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"] });
    try {
      const { lhr } = await lighthouse(new URL(path, baseURL).href, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
      });
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
      const weighted = new Set(
        CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? []),
      );
      const failing = Object.values(lhr.audits)
        .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""})`);
      results.set(path, {
        scores,
        failing,
        lcp: lhr.audits["largest-contentful-paint"]?.displayValue,
        tbt: lhr.audits["total-blocking-time"]?.numericValue,
      });
    } finally {
      await chrome.kill();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseURL, ...paths] = process.argv.slice(2);
  if (!baseURL || paths.length === 0) {
    console.error("Aufruf: node scripts/lighthouse.mjs <basis-url> <pfad> …");
    process.exit(2);
  }
  for (const [path, { scores, failing, lcp, tbt }] of await lighthouseScores(baseURL, paths)) {
    console.log(`${path}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", ")}; LCP ${lcp}; TBT ${Math.round(tbt ?? 0)} ms`);
    for (const audit of failing) console.log(`  ${audit}`);
  }
}
