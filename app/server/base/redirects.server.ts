/**
 * The one check for a redirect target taken from a request: a path (and query) on this
 * site, or null — never another host, whether written "//evil.example", "/\evil.example"
 * or as a full URL.
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  try {
    const base = "http://localhost";
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}
