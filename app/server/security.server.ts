import { isApiPath } from "./api/http.server";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Staff pages authenticate by cookie, so a form posted from another site would ride
 * on that cookie. The API takes its token only from a header, which a foreign page
 * cannot set, so it stays reachable for the workshop's existing clients.
 */
export function isForeignFormPost(request: Request): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const url = new URL(request.url);
  if (isApiPath(url.pathname)) return false;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== "null" && origin !== url.origin;
}

export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    // Vite's dev server injects its HMR client, which needs a websocket and eval.
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    // React writes style attributes (dialogs, motion); no third-party styles are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    // The map frame loads only after the visitor consented to external content.
    "frame-src https://www.google.com https://maps.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response gets, pages, API answers and images alike. */
export function withSecurityHeaders(request: Request, response: Response): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  headers.delete("X-Powered-By");
  return secured;
}
