import { areaOf, isPath, isPrivatePage, isStatusFileData, PATHS } from "~/lib/site-areas";
import { HttpError } from "~/server/base/errors.server";
import { MAX_FORM_BYTES, readBodyLimited } from "~/server/base/request-body.server";

/** Methods that only read; everything else may change state. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_POST_MESSAGE = "Anfrage von einer fremden Seite abgelehnt.";

/**
 * Staff pages and the preference forms act on cookies, so a form posted from any other
 * page would ride on them. Such a request is refused unless the browser says it comes
 * from this very site: `Sec-Fetch-Site`, when sent, must be `same-origin` (or `none`,
 * typed by the user), and `Origin`, when sent, must be exactly this site's origin —
 * `null` included, which Chromium sends for a sibling subdomain's page with
 * `Referrer-Policy: no-referrer`. A request with neither header comes from no browser
 * that could carry a visitor's cookies against their will. The API takes its token only
 * from a header, which a foreign page cannot set, so it stays reachable for the
 * workshop's existing clients.
 */
export function isForeignFormPost(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (areaOf(url.pathname) === "api") return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== url.origin;
}

/**
 * Multipart posts with pictures, in any spelling: the staff uploader's (page action and its data
 * request, the per-image route), the master's portrait on the Betrieb page, and the enquiry form's
 * (its page without JavaScript, the enhanced form's endpoint). They keep the upload's own limits.
 */
const isUploadPath = (pathname: string) =>
  [PATHS.staffPictures, PATHS.staffPictureUpload, PATHS.staffBusiness, PATHS.enquiry, PATHS.enquirySend].some((path) =>
    isPath(pathname, path),
  );
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Every page post must be a readable form of a few KB. Checked before any route runs, so
 * an oversized body is refused before it is parsed (413) and a body of another type (415)
 * or a broken one (400) never reaches an action that would fail with a 500. A post without
 * any body (a bare "Abmelden" button) counts as an empty form. The returned request carries
 * the body already read.
 */
export async function readablePagePost(request: Request): Promise<Request> {
  if (SAFE_METHODS.has(request.method)) return request;
  const url = new URL(request.url);
  if (areaOf(url.pathname) === "api") return request;
  const declaredType = request.headers.get("Content-Type") ?? "";
  const mediaType = declaredType.split(";")[0].trim().toLowerCase();
  if (mediaType === "multipart/form-data" && isUploadPath(url.pathname)) return request;
  const body = await readBodyLimited(request, MAX_FORM_BYTES, () => new HttpError(413, "Das Formular ist zu groß."));
  const contentType = mediaType === "" && body.byteLength === 0 ? "application/x-www-form-urlencoded" : declaredType;
  if (!FORM_TYPES.has(contentType.split(";")[0].trim().toLowerCase())) {
    throw new HttpError(415, "Die Anfrage muss ein Formular sein (application/x-www-form-urlencoded oder multipart/form-data).");
  }
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new HttpError(400, "Das Formular konnte nicht gelesen werden.");
  }
  const headers = new Headers(request.headers);
  headers.set("Content-Type", contentType);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

/**
 * A GET or HEAD may still arrive with a body (`curl -X GET -d x`). Nothing reads it, and copying
 * such a request (the cache key, Remix) throws, so it is dropped before anything else runs.
 */
export function withoutBodyOnRead(request: Request): Request {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.body === null) return request;
  const headers = new Headers(request.headers);
  for (const name of ["Content-Length", "Content-Type", "Transfer-Encoding"]) headers.delete(name);
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/**
 * Refusals that happen before any route runs: a forged post (403) or a body no page
 * form can be (413, 415, 400). Returns the request to hand on, or the refusal.
 */
export async function screenPagePost(request: Request): Promise<Request | Response> {
  if (isForeignFormPost(request)) return new Response(FOREIGN_POST_MESSAGE, { status: 403 });
  try {
    return await readablePagePost(request);
  } catch (error) {
    if (error instanceof HttpError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** What pages, their data requests and the site's files take; the API answers other methods itself. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** Pictures are only read. */
const PICTURE_METHODS = ["GET", "HEAD"];

/**
 * Answers given before any route runs, so Remix never builds an error page for them and logs no
 * stack: a method no page takes (PROPFIND, PUT, …; a post to a picture: 405 with `Allow`;
 * OPTIONS: 204 with `Allow`), and a status page's file asked for as page data (404).
 */
export function refusedBeforeRoutes(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  const area = areaOf(pathname);
  if (area === "api") return null;
  const methods = area === "pictures" ? PICTURE_METHODS : PAGE_METHODS;
  const allow = { Allow: methods.join(", ") };
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: allow });
  if (!methods.includes(request.method)) {
    const named = `${methods.slice(0, -1).join(", ")} und ${methods.at(-1)}`;
    return new Response(`Diese Adresse nimmt nur ${named} an.`, {
      status: 405,
      headers: { ...allow, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (isStatusFileData(pathname)) return new Response("Nicht gefunden.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return null;
}

/** Host names of a local run: `wrangler dev`, `npm run dev`, the tests, a phone on the LAN by IP address. */
const isLocalHost = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || /^[\d.]+$/.test(hostname) || hostname.startsWith("[");

/**
 * A plain-http request is sent to the same address over https (RFC 9110 §15.4: 301 for a read,
 * 308 for a post, which keeps its method and body), so the site is https-only even where the
 * zone's "Always Use HTTPS" is off. The deployed site is reached by its domain name; a name or IP
 * address of a local run keeps http.
 */
export function httpsRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || isLocalHost(url.hostname)) return null;
  url.protocol = "https:";
  const read = request.method === "GET" || request.method === "HEAD";
  return new Response(null, { status: read ? 301 : 308, headers: { Location: url.href } });
}

/**
 * A path with repeated slashes (`//intern/news`, `///host/about`) goes to its one spelling (301,
 * 308 for a post). The routes read such a path as the page, and a page there would redirect and
 * link relative to it, where `//name/…` reads as another host: for a browser's `Location` and for
 * React Router's `resolvePath` in `@remix-run/router` 1.23.3 (GHSA-jjmj-jmhj-qwj2, decision 023).
 */
export function collapsedSlashesRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (!url.pathname.includes("//")) return null;
  url.pathname = url.pathname.replace(/\/{2,}/g, "/");
  const read = request.method === "GET" || request.method === "HEAD";
  return new Response(null, { status: read ? 301 : 308, headers: { Location: url.href } });
}

/** The challenge of a 401 (RFC 9110 §11.6.1): the API's token travels in its own `token` header. */
export const API_CHALLENGE = 'Token realm="api"';
/** Staff pages sign in by the login form, which a 401 of theirs shows. */
export const PAGE_CHALLENGE = 'Form realm="intern"';

export function contentSecurityPolicy(nonce: string, { dev = false, staff = false } = {}): string {
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
    // A reply opened from an enquiry without JavaScript is the form's answer: a redirect to
    // WhatsApp or the mail program, which browsers check against form-action too (issue 31);
    // "Kunde benachrichtigen" may also open the phone's SMS app (decision 021). Only staff pages:
    // a document keeps the policy it was loaded with while staff navigate within the area, so the
    // job card's forms need it on every staff page (decision 007, issue 37).
    `form-action 'self'${staff ? " https://wa.me mailto: sms:" : ""}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response gets, pages, API answers and images alike. */
export function withSecurityHeaders(request: Request, response: Response): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  // A status page's address is its key: it never leaves the site. Not `no-referrer`, which makes
  // browsers send `Origin: null` on the page's own form posts, which `isForeignFormPost` refuses.
  const personal = isPrivatePage(new URL(request.url).pathname);
  headers.set("Referrer-Policy", personal ? "same-origin" : "strict-origin-when-cross-origin");
  if (personal) headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  if (secured.status === 401 && !headers.has("WWW-Authenticate")) {
    headers.set("WWW-Authenticate", areaOf(new URL(request.url).pathname) === "api" ? API_CHALLENGE : PAGE_CHALLENGE);
  }
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  headers.delete("X-Powered-By");
  return secured;
}
