import axe from "axe-core";
import type { Page } from "playwright-core";

/** The rules every page is checked against: WCAG 2.0–2.2, levels A and AA. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's violations of those rules on `page`, within `include` (a selector; the whole document
 * by default), each as "rule: help → where", so a failure reads on its own. Injected through the
 * debugger, so the site's CSP does not apply.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(include ? { include: [[include]] } : document, {
        runOnly: { type: "tag", values: tags },
        // Violations are reported in full either way; the details of the passes, which nothing reads,
        // took about half of axe's time (200 → 110 ms on the home page).
        resultTypes: ["violations"],
      });
      return violations.map((violation) => `${violation.id}: ${violation.help} → ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    },
    { tags: WCAG_AA, include },
  );
}
