import { FORM_TOKEN_FIELD } from "~/lib/enquiry";
import { areaOf, isPrivatePage, queryParamsOf } from "~/lib/site-areas";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/server/db/retry.server";
import { readPreferences } from "~/server/web/preferences.server";
import { hasSessionCookie } from "~/server/web/staff-session.server";

/**
 * Public pages from Cloudflare's Cache API (see docs/decisions/010-edge-cache.md).
 *
 * A cached page is keyed by a content version, its URL and the few visitor preferences that
 * change its markup. Every write that changes a public page bumps the version (the entity
 * modules report it through the request's `ContentChanges`), so the next view renders anew;
 * a page also expires at the next moment its own content changes by the clock (an alert
 * starting or ending, the opening status), and after at most `EDGE_CACHE_MAX_AGE_SECONDS`,
 * which bounds how long another Cloudflare location (with its own cache) can lag behind a write.
 */
export const EDGE_CACHE_MAX_AGE_SECONDS = 60;

/** Internal keys: never a URL a visitor can ask for, so a request cannot read them directly. */
const KEY_ORIGIN = "https://edge-cache.invalid";
const VERSION_KEY = `${KEY_ORIGIN}/content-version`;
const VERSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The header that tells tests and the benchmark whether a page came from the cache. */
export const CACHE_STATUS_HEADER = "X-Edge-Cache";
/** Where a stored copy keeps the cookies every visitor of its variant gets (never sent as such). */
const SHARED_COOKIES_HEADER = "X-Shared-Cookies";

/** Per request: the loaders tell until when the page they render stays true. */
export class PageLifetime {
  #until: number;

  constructor(now: number) {
    this.#until = now + EDGE_CACHE_MAX_AGE_SECONDS * 1000;
  }

  /** The page changes at `instant` (epoch ms) without any write: it must not be served after it. */
  changesAt(instant: number | null | undefined) {
    if (instant != null && Number.isFinite(instant)) this.#until = Math.min(this.#until, instant);
  }

  secondsLeft(now: number): number {
    return Math.floor((this.#until - now) / 1000);
  }
}

function edgeCache(): Cache | null {
  // `npm run dev` runs the pipeline in Node, which has neither the Cache API nor HTMLRewriter.
  const cache = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches?.default;
  return cache && typeof HTMLRewriter !== "undefined" ? cache : null;
}

async function currentVersion(cache: Cache): Promise<string> {
  const stored = await cache.match(VERSION_KEY);
  // An evicted version is replaced by a new one, which leaves every older page unreachable.
  return stored ? stored.text() : bumpContentVersion();
}

/** After a write that changed a public page: every cached page of this location is outdated. */
export async function bumpContentVersion(): Promise<string> {
  const version = crypto.randomUUID();
  await edgeCache()?.put(
    VERSION_KEY,
    new Response(version, { headers: { "Cache-Control": `max-age=${VERSION_MAX_AGE_SECONDS}` } }),
  );
  return version;
}

/**
 * Personal answers (the staff area, a customer's status page, anything for a session or a token,
 * anything that sets a cookie) must stay in the browser that asked; public pages are asked for again on every view
 * (the edge answers), so a changed theme or consent shows at once.
 */
export function withCachePolicy(request: Request, response: Response): Response {
  const { pathname } = new URL(request.url);
  const personal =
    areaOf(pathname) === "staff" ||
    isPrivatePage(pathname) ||
    hasSessionCookie(request) ||
    request.headers.has("token") ||
    response.headers.has("Set-Cookie");
  if (response.status === 503) {
    // The database could not be read (app/server/db/retry.server.ts): ask again soon, keep nothing.
    response.headers.set("Cache-Control", "no-store");
    if (!response.headers.has("Retry-After")) response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (personal) {
    response.headers.set("Cache-Control", "private, no-store");
  } else if (!response.headers.has("Cache-Control") && (response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    response.headers.set("Cache-Control", "no-cache");
  }
  return response;
}

/**
 * Anonymous GETs of public pages; never the staff area, the API, pictures or the preference
 * forms (in any spelling of their paths), a customer's status page, a request with a staff
 * session or a `.data` fetch.
 */
function isCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data") || areaOf(pathname) !== "public" || isPrivatePage(pathname)) return false;
  return !hasSessionCookie(request);
}

/**
 * A public page's GET as it is rendered and stored: only the query parameters the page reads
 * (`queryParamsOf`), sorted. Anything else of the address (`?fbclid=…`, `?utm_source=…`, a
 * made-up parameter) changes neither the page nor its copy in the cache, so it is dropped before
 * either sees it. The path stays as asked.
 */
export function canonicalPageRequest(request: Request): Request {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || areaOf(url.pathname) !== "public") return request;
  const read = queryParamsOf(url.pathname);
  const kept = [...url.searchParams].filter(([name]) => read.includes(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = new URL(url.pathname, url.origin);
  for (const [name, value] of kept) canonical.searchParams.append(name, value);
  return canonical.href === url.href ? request : new Request(canonical, request);
}

/**
 * The deployment, the page's canonical address and only what changes its markup for this visitor:
 * theme, consent, the map, seen alerts. The deployment is part of it because a page names its
 * build's scripts and carries what its server code rendered, both of which the next deployment
 * replaces. The visitor's part is a path segment made from validated cookies, never a query
 * parameter, so no address can name another visitor's copy. The host takes part because a
 * page asked at localhost is indexable while the same page of a deployed host may carry the
 * launch guard's noindex (web/launch-guard.server.ts).
 */
function variantKey(request: Request, version: string, deployment: string): string {
  const url = new URL(request.url);
  const { theme, consent, external, seenAlerts } = readPreferences(request);
  const variant = [
    theme,
    consent ? (consent.external ? "alle" : "essenziell") : "offen",
    // The map shows by its own cookie, which the map's button sets without changing the consent.
    external ? "karte" : "ohne-karte",
    seenAlerts ?? "",
  ];
  return `${KEY_ORIGIN}/${version}/${encodeURIComponent(deployment)}/${encodeURIComponent(variant.join(","))}/${url.host}${url.pathname}${url.search}`;
}

/**
 * A cached body keeps the nonce it was rendered with; each visitor gets a fresh one. So does
 * the enquiry form's time token (decision 014), which says when this visitor got the page.
 */
function withFreshNonce(cached: Response, nonce: string, formToken: () => Promise<string>): Response {
  const headers = new Headers(cached.headers);
  const policy = headers.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policy.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`));
  headers.delete("Cache-Control");
  headers.set(CACHE_STATUS_HEADER, "HIT");
  const response = new Response(cached.body, { status: cached.status, headers });
  // Only scripts carry a nonce (styles come from files); a tag selector keeps the rewrite cheap.
  return new HTMLRewriter()
    .on("script[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .on(`input[name="${FORM_TOKEN_FIELD}"]`, {
      async element(element) {
        element.setAttribute("value", await formToken());
      },
    })
    .transform(response);
}

function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** A request the browser made ahead of a view (speculation rules, `<link rel=prefetch>`): it says so in `Sec-Purpose`. */
export const isSpeculative = (request: Request) => /\bprefetch\b/i.test(request.headers.get("Sec-Purpose") ?? "");

/**
 * The cookies that are the same for every visitor of a page's variant (the seen-alerts marker),
 * added on the way out like the fresh nonce: from the render (`fromRender`), or from the stored
 * copy. So the first consenting view of a page can be a hit and still marks the alerts as seen;
 * a personal cookie (session, toast) still keeps a page out of the cache. A speculative request
 * gets none.
 */
export function withSharedCookies(request: Request, response: Response, fromRender: string[]): Response {
  const stored = response.headers.get(SHARED_COOKIES_HEADER);
  // A prefetch or prerender is no view: the visitor may never look at the page it fetched.
  const cookies = isSpeculative(request) ? [] : [...(stored ? (JSON.parse(stored) as string[]) : []), ...fromRender];
  if (!stored && cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete(SHARED_COOKIES_HEADER);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Serves an anonymous public page from the edge cache, or renders it (`render`) and stores it
 * when it is the same for every visitor of its variant and sets no cookie of its own. `nonce` is the one
 * this request's own render would use; `lifetime` is filled in by the loaders during `render`.
 */
export async function cachedPage(
  request: Request,
  {
    deployment,
    nonce,
    lifetime,
    waitUntil,
    formToken,
    sharedCookies,
  }: {
    /** The worker version that renders: every deployment has its own, and its own pages. */
    deployment: string;
    nonce: string;
    lifetime: PageLifetime;
    waitUntil: (promise: Promise<unknown>) => void;
    /** A fresh time token for the enquiry form, asked for only when the page has one. */
    formToken: () => Promise<string>;
    /** The render's cookies that every visitor of the variant gets (`withSharedCookies`). */
    sharedCookies: () => string[];
  },
  render: () => Promise<Response>,
): Promise<Response> {
  const cache = edgeCache();
  if (!cache || !isCacheable(request)) return render();

  const key = variantKey(request, await currentVersion(cache), deployment);
  const hit = await cache.match(key);
  if (hit) return withFreshNonce(hit, nonce, formToken);

  const response = await render();
  const seconds = lifetime.secondsLeft(Date.now());
  if (!isStorable(response) || seconds < 1) return response;

  const stored = response.clone();
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", `public, max-age=${seconds}`);
  const cookies = sharedCookies();
  if (cookies.length > 0) headers.set(SHARED_COOKIES_HEADER, JSON.stringify(cookies));
  // After the answer, where a failure could reach nobody: the next view renders the page again.
  waitUntil(
    cache
      .put(key, new Response(stored.body, { status: 200, headers }))
      .catch((error: unknown) => console.warn("Seite nicht im Edge-Cache gespeichert", new URL(request.url).pathname, error)),
  );
  response.headers.set(CACHE_STATUS_HEADER, "MISS");
  return response;
}
