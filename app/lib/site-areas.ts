import { PAGE_PARAM } from "~/lib/page-number";
import { REFERENCE_PICTURE_PARAM, TOPIC_PARAM } from "~/lib/enquiry";
import { CONSENT_SETTINGS_PARAM } from "~/lib/preferences";
import { PROJECT_PARAM } from "~/lib/projects";

/**
 * The site's areas and its named paths, in one place for the edge cache, the request screen,
 * the session code and the shells. Remix matches routes on the percent-decoded path and
 * regardless of letter case, so `/Intern/Login/` and `/%69ntern/login` are the staff login too:
 * every rule here reads the path the way the routes do.
 */

/** Paths the code links to, redirects to or tests for. URLs are the spec's; never change them. */
export const PATHS = {
  home: "/",
  contact: "/standort",
  staff: "/intern",
  staffLogin: "/intern/login",
  staffLogout: "/intern/logout",
  staffNews: "/intern/news",
  staffOpening: "/intern/opening",
  staffAlerts: "/intern/notification",
  staffPictures: "/intern/uploadReference",
  /** "Kategorien verwalten", reached from the Bilder page. */
  staffCategories: "/intern/kategorien",
  /** The enhanced uploader's per-photo endpoint (a resource route under the Bilder page). */
  staffPictureUpload: "/intern/uploadReference/bild",
  staffAccount: "/intern/konto",
  staffEnquiries: "/intern/anfragen",
  staffTrash: "/intern/papierkorb",
  staffLog: "/intern/verlauf",
  staffTeam: "/intern/team",
  /** "Antwortvorlagen": the staff's own reply snippets, reached from an enquiry. */
  staffReplySnippets: "/intern/anfragen/vorlagen",
  /** The business record: name, contact, Impressum, the home page's words (decision 020). */
  staffBusiness: "/intern/betrieb",
  /** "Termine": the drop-off dates customers chose, by day. */
  staffAppointments: "/intern/termine",
  /** "Projekte": project pages (issue 40), list and editor. */
  staffProjects: "/intern/projekte",
  /** An invitation's link: `/intern/einladung/<signed id>` (entities/invitations.server.ts). */
  staffInvitation: "/intern/einladung",
  enquiry: "/anfrage",
  /** The enhanced enquiry form's endpoint (JSON answers, photos with progress). */
  enquirySend: "/anfrage/senden",
  /** A customer's private status page: `/anfrage/status/<token>` (entities/enquiry-status-links.server.ts). */
  enquiryStatus: "/anfrage/status",
  api: "/api/v1",
  pictures: "/images",
  preferences: "/einstellungen",
  /** Remix's lazy route discovery (`?p=…&version=…`), answered by Remix itself. */
  routeDiscovery: "/__manifest",
} as const;

/**
 * public: pages for everyone (cached at the edge); staff: the staff area (never cached, staff
 * limits); api: the existing client's JSON calls; pictures: stored images; preferences: the
 * visitor's consent, theme and seen-alert forms; framework: Remix's own requests.
 */
export type SiteArea = "public" | "staff" | "api" | "pictures" | "preferences" | "framework";

/**
 * The path as the routes read it: percent-decoded once, lower-cased, repeated slashes
 * collapsed and without a trailing slash ("/" stays "/"). A path that does not decode is
 * taken as it is (no route matches it either).
 */
export function canonicalPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: keep the raw path.
  }
  const path = decoded.toLowerCase().replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** Whether `path` (canonical) is `base` or lies below it. */
const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export function areaOf(pathname: string): SiteArea {
  const path = canonicalPath(pathname);
  // Remix's data requests for a page (`/intern/news.data`) belong to the page's area.
  const page = path.replace(/\.data$/, "");
  if (within(page, PATHS.staff)) return "staff";
  if (within(page, PATHS.api)) return "api";
  if (within(page, PATHS.pictures)) return "pictures";
  if (within(page, PATHS.preferences)) return "preferences";
  if (page === PATHS.routeDiscovery) return "framework";
  return "public";
}

/**
 * Public pages that belong to one person: an enquiry's status page, its calendar file and its
 * data requests. Never in the edge cache, `private, no-store`, and `Referrer-Policy:
 * same-origin`, so the address (its token) never leaves the site (docs/decisions/021).
 */
export function isPrivatePage(pathname: string): boolean {
  return areaOf(pathname) === "public" && within(canonicalPath(pathname).replace(/\.data$/, ""), PATHS.enquiryStatus);
}

/** The status page of the link carrying `token`. */
export const statusPagePath = (token: string) => `${PATHS.enquiryStatus}/${token}`;
/** One of its photos, small (the confirmation's thumbnails). */
export const statusPhotoPath = (token: string, photoId: string) => `${statusPagePath(token)}/foto/${photoId}`;
/** Its appointment as a calendar file. */
export const statusCalendarPath = (token: string) => `${statusPagePath(token)}/termin.ics`;

/**
 * The status page's files (a photo, the calendar file) asked for as a page's data (`….data`):
 * Remix's client never does, as they are no pages, and the framework would answer with the file
 * wrapped in its own format (issue 37). Read the way the routes read paths.
 */
export function isStatusFileData(pathname: string): boolean {
  const path = canonicalPath(pathname);
  if (!path.endsWith(".data")) return false;
  const page = path.slice(0, -".data".length);
  return within(page, PATHS.enquiryStatus) && /^\/[^/]+\/(foto\/[^/]+|termin\.ics)$/.test(page.slice(PATHS.enquiryStatus.length));
}

/**
 * A path that names a file, not a page: an extension in its last segment, the build's folder
 * (`/assets`, served before the worker when the file exists) or a well-known address (RFC 8615).
 * No page lives there, so such a path answers 404 instead of the unknown page's way home
 * (routes/$.tsx, issue 37): a script that is gone after a deploy must not get the home page's HTML.
 */
export function isFilePath(pathname: string): boolean {
  const path = canonicalPath(pathname);
  const last = path.slice(path.lastIndexOf("/") + 1);
  return within(path, "/assets") || within(path, "/.well-known") || /\.[a-z0-9]{1,10}$/.test(last);
}

/** Whether a path is `named` (one of PATHS), in any spelling the routes accept. */
export const isPath = (pathname: string, named: string) => canonicalPath(pathname).replace(/\.data$/, "") === named.toLowerCase();

/** SPEC §2 route table: every alias answers a permanent redirect to its page (routes/$.tsx). */
export const PATH_ALIASES: Record<string, string> = {
  "/ueberuns-service": "/about",
  "/ueberuns": "/about",
  "/service": "/about",
  "/leistung": "/about",
  "/datenschutz": "/impressum",
  "/impressum-und-datenschutz": "/impressum",
  "/legal": "/impressum",
  "/mprint": "/impressum",
  "/data-privacy": "/impressum",
  "/impresum": "/impressum",
  "/kontakt": "/standort",
  "/contact": "/standort",
  "/leder": "/ledermuster",
  "/muster": "/ledermuster",
  "/bilder": "/referenz",
  "/galerie": "/referenz",
};

/** The gallery's address: its state lives there, so every view can be linked (gallery-links.ts). */
export const GALLERY_PARAMS = { category: "kategorie", page: PAGE_PARAM, image: "bild" } as const;
/** The home page's news page for visitors without JavaScript (`?neuigkeiten=2`). */
export const HOME_NEWS_PARAM = "neuigkeiten";

/** The staff inbox's view of one enquiry (`?anfrage=<id>`): linked from the inbox, the staff banner, the start page and the Termine. */
export const ENQUIRY_PARAM = "anfrage";
export const staffEnquiryHref = (id: string) => `${PATHS.staffEnquiries}?${ENQUIRY_PARAM}=${encodeURIComponent(id)}`;

/**
 * The query parameters each public page reads, declared once: the edge cache keys and renders a
 * public page with these alone (and the shell's own), so `?fbclid=…` or a made-up parameter
 * never makes a copy of its own or reaches another visitor's page (docs/decisions/010).
 */
const PAGE_QUERY_PARAMS: Record<string, readonly string[]> = {
  "/": [HOME_NEWS_PARAM],
  "/referenz": Object.values(GALLERY_PARAMS),
  [PATHS.enquiry]: [TOPIC_PARAM, REFERENCE_PICTURE_PARAM, PROJECT_PARAM],
};
/** Read by the public layout on every page: the consent dialog opened by a link. */
const SHELL_QUERY_PARAMS = [CONSENT_SETTINGS_PARAM];
/** A status page right after the customer's answer (`?antwort=<intent>`): its confirmation comes first. */
export const STATUS_ANSWERED_PARAM = "antwort";

/** The parameters a public path's page reads; an alias reads its page's, as its redirect passes them on. */
export function queryParamsOf(pathname: string): readonly string[] {
  const path = canonicalPath(pathname);
  if (isPrivatePage(path)) return [...SHELL_QUERY_PARAMS, STATUS_ANSWERED_PARAM];
  return [...SHELL_QUERY_PARAMS, ...(PAGE_QUERY_PARAMS[PATH_ALIASES[path] ?? path] ?? [])];
}
