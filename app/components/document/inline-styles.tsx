import type { LinksFunction } from "@remix-run/cloudflare";
import { useMatches } from "@remix-run/react";
import type { PageStyle } from "./page-styles";

/**
 * Styles of the public pages travel inside the HTML instead of as stylesheets: on a phone each
 * stylesheet is one more round trip before anything paints, and together they are a few KB
 * (decision 011). A route names its stylesheets (`PAGE_STYLES`) in `handle.styles`; the root
 * puts their text into `<head>`.
 */
export interface StylesHandle {
  styles: PageStyle[];
}

/**
 * The texts the server's document brought, read before hydration: the browser's bundle carries
 * no CSS (page-styles.ts), so a page's `<style>` keeps the document's text, also when a later
 * navigation mounts it again.
 */
const documentStyles: ReadonlyMap<string, string> =
  typeof document === "undefined"
    ? new Map()
    : new Map([...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((style) => [style.dataset.href!, style.textContent ?? ""]));

/**
 * `base` is the site-wide CSS (GLOBAL_STYLES): the server's text, empty in the browser. Hydration
 * never rewrites an element's inner HTML and its props never change afterwards, so the server's
 * `<style>` stays. A page's stylesheet the document did not bring comes as a link (`styleLinks`).
 */
export function InlineStyles({ base }: { base: string }) {
  const styles = useMatches().flatMap((match) => (match.handle as Partial<StylesHandle> | undefined)?.styles ?? []);
  // One `<style>` per stylesheet, however many matched routes name it.
  const texts = new Map(styles.map(({ href, css }) => [href, css || documentStyles.get(href)]));
  return (
    <>
      {/* The CSS is the site's own build output, never user input. */}
      <style dangerouslySetInnerHTML={{ __html: base }} suppressHydrationWarning />
      {[...texts].map(([href, css]) =>
        css === undefined ? null : <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />,
      )}
    </>
  );
}

/**
 * A page's `links`: in the browser, the stylesheets the document did not bring, for a
 * client-side navigation to the page (Remix loads them before it shows the page); none in the
 * server's document, which holds every text.
 */
export const styleLinks =
  (styles: PageStyle[]): LinksFunction =>
  () =>
    typeof document === "undefined"
      ? []
      : styles.filter(({ href }) => !documentStyles.has(href)).map(({ href }) => ({ rel: "stylesheet", href }));
