/**
 * Writes a preference cookie exactly as the server does (URL-encoded, Path=/, SameSite=Lax,
 * Secure on https). A few lines instead of js-cookie keep the public page's JavaScript small.
 * Without `days` the cookie ends with the browser session.
 */
export function setBrowserCookie(name: string, value: string, days?: number) {
  const parts = [`${name}=${encodeURIComponent(value)}`, "path=/", "samesite=lax"];
  if (days !== undefined) parts.push(`max-age=${days * 24 * 60 * 60}`);
  if (window.location.protocol === "https:") parts.push("secure");
  document.cookie = parts.join("; ");
}
