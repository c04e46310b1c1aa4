import { useMatches } from "@remix-run/react";

/**
 * Styles of the public pages travel inside the HTML instead of as stylesheets: on a phone each
 * stylesheet is one more round trip before anything paints, and together they are a few KB
 * (decision 011). A route names its CSS (imported with `?inline`) in `handle.styles`; the root
 * puts every matched route's CSS into `<head>`, on the server and on every client navigation.
 */
export interface StylesHandle {
  styles: string[];
}

/**
 * `base` is the site-wide CSS (GLOBAL_STYLES): the server's text, empty in the browser. Hydration
 * never rewrites an element's inner HTML and its props never change afterwards, so the server's
 * `<style>` stays; the routes' own CSS comes and goes with navigation and is rendered everywhere.
 */
export function InlineStyles({ base }: { base: string }) {
  const styles = useMatches().flatMap((match) => (match.handle as Partial<StylesHandle> | undefined)?.styles ?? []);
  return (
    <>
      {/* The CSS is the site's own build output, never user input. */}
      <style dangerouslySetInnerHTML={{ __html: base }} suppressHydrationWarning />
      {[...new Set(styles)].map((css) => (
        <style key={css.slice(0, 80) + css.length} dangerouslySetInnerHTML={{ __html: css }} />
      ))}
    </>
  );
}
