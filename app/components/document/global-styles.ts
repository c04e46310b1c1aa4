import css from "~/styles/global.css?inline";

/**
 * The site-wide CSS, in the server's document only. It is the same for every page and stays in
 * `<head>` across every navigation in the browser, so the browser's bundle need not carry it a
 * second time (about 5 KB of the home page's JavaScript): there it is empty, the import is
 * tree-shaken, and React keeps the server's `<style>` as it is (InlineStyles).
 */
export const GLOBAL_STYLES: string = import.meta.env.SSR ? css : "";
