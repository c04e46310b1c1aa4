import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import {
  createAlert,
  deleteAlert,
  listActiveAlerts,
  listAllAlerts,
  alertInput,
  updateAlert,
} from "~/server/entities/alerts.server";
import { endSession, login, loginInput, type StaffUser, userForToken } from "~/server/entities/staff-accounts.server";
import { listLog } from "~/server/entities/activity-log.server";
import {
  apiTrashEntry,
  deleteFromTrash,
  listTrash,
  restoreFromTrash,
  TRASH_API_MAX_PAGE_SIZE,
  TRASH_API_PAGE_SIZE,
} from "~/server/entities/trash.server";
import { LOG_MAX_PAGE_SIZE, LOG_PAGE_SIZE } from "~/lib/activity";
import { checkOrigin, knownDeviceCookie } from "~/server/web/known-devices.server";
import { PATHS } from "~/lib/site-areas";
import { jsonError, toErrorResponse } from "~/server/api/http.server";
import { HttpError } from "~/server/base/errors.server";
import { readBodyLimited } from "~/server/base/request-body.server";
import { createNews, deleteNews, listNews, newsInput, NEWS_MAX_PAGE_SIZE, NEWS_PAGE_SIZE, updateNews } from "~/server/entities/news.server";
import {
  createSpecialHours,
  deleteSpecialHours,
  getOpeningHours,
  listSpecialHours,
  openingHoursInput,
  saveOpeningHours,
  SPECIAL_HOURS_MAX_PAGE_SIZE,
  SPECIAL_HOURS_PAGE_SIZE,
  specialHoursInput,
  updateSpecialHours,
} from "~/server/entities/opening-hours.server";
import { listCategories } from "~/server/entities/categories.server";
import { getBusiness, updateBusiness } from "~/server/entities/business.server";
import {
  apiEnquiry,
  deleteEnquiry,
  ENQUIRY_MAX_PAGE_SIZE,
  ENQUIRY_PAGE_SIZE,
  enquiryStatus,
  enquiryUpdate,
  listEnquiries,
  updateEnquiry,
} from "~/server/entities/job/enquiries.server";
import { checkSlots, proposalSchedule, proposeSlots } from "~/server/entities/job/appointments.server";
import { finishJob, markArrived, markCollected, undoFinish } from "~/server/entities/job/job-flow.server";
import { apiProgress, progressOf } from "~/server/entities/job/enquiry-progress.server";
import { apiConsent, consentsOf } from "~/server/entities/job/consent.server";
import { checkQuote, saveQuote } from "~/server/entities/job/quotes.server";
import type { Enquiry } from "~/server/entities/job/enquiries.server";
import { saveUploadRequest } from "~/server/entities/reference-uploads.server";
import {
  deleteReference,
  listReferences,
  publicReference,
  type PublicReference,
  REFERENCE_MAX_PAGE_SIZE,
  REFERENCE_PAGE_SIZE,
  referenceBefore,
  referenceFeatured,
  referenceUpdate,
  updateReference,
} from "~/server/entities/references.server";
import { deleteProject, listProjects, publicProject, saveProject } from "~/server/entities/projects.server";
import { PROJECT_MAX_PAGE_SIZE, PROJECT_PAGE_SIZE } from "~/lib/projects";
import { parseOrThrow, parsePaging, recordId } from "~/server/base/validation.server";
import { type ApiRouteName, OPENAPI_DOCUMENT, OPENAPI_MAX_AGE_SECONDS } from "~/server/api/openapi.server";

interface ApiCall {
  request: Request;
  context: AppLoadContext;
  url: URL;
}

/** A call with a valid token: `user` is its account, whom the Verlauf records for a write. */
interface StaffCall extends ApiCall {
  user: StaffUser;
}

type Route =
  | { method: "GET" | "POST"; staffOnly?: false; handle: (call: ApiCall) => Promise<unknown> }
  /** Writes (and staff data) need a valid `token` header. */
  | { method: "GET" | "POST"; staffOnly: true; handle: (call: StaffCall) => Promise<unknown> };

const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body; malformed or oversized bodies are the client's error, never a 500. */
async function readJson(request: Request): Promise<unknown> {
  const tooLarge = () => new HttpError(413, "Die Anfrage ist zu groß.");
  const text = new TextDecoder().decode(await readBodyLimited(request, MAX_JSON_BYTES, tooLarge));
  if (text.trim() === "") throw new HttpError(400, "Die Anfrage enthält keine Daten.");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Die Anfrage enthält kein gültiges JSON.");
  }
}

const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id: recordId, ...shape });

const tokenOf = (request: Request) => request.headers.get("token");

const mediaTypeOf = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();

/**
 * A reference as the workshop's existing client reads it: `displayUrl` and `thumbnailUrl`
 * once named the uploader's own renditions and now name the stored original, like `url`
 * (decision 011); `sources` hold the server's renditions; `before` names the "Vorher-Bild"
 * by id and url (decision 016).
 */
function apiReference<R extends PublicReference>({ beforeOf: _pageOnly, before, ...reference }: R) {
  return {
    ...reference,
    displayUrl: reference.url,
    thumbnailUrl: reference.url,
    before: before && { id: before.id, url: before.url },
  };
}

/** Enquiries as the API answers them: each with its price, dates and notices (decision 021), and what may be shown (decision 025). */
async function apiEnquiries(context: AppLoadContext, list: Enquiry[]) {
  const ids = list.map((enquiry) => enquiry.id);
  const [progress, consents] = await Promise.all([progressOf(context.db, list), consentsOf(context.db, ids)]);
  return list.map((enquiry) => ({ ...apiEnquiry(enquiry), ...apiProgress(progress.get(enquiry.id)!), consent: apiConsent(consents.get(enquiry.id)!) }));
}

const apiEnquiryOf = async (context: AppLoadContext, enquiry: Enquiry) => (await apiEnquiries(context, [enquiry]))[0];

/** A check's first German message as a 400, like `parseOrThrow`. */
function checkedOrThrow<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new HttpError(400, result.message);
  return result.value;
}

/**
 * SPEC §7: the same paths, methods, payloads and answers the workshop's existing client uses.
 * Keyed by the OpenAPI document's entries, so a route without its description does not compile.
 */
const routes: Record<ApiRouteName, Route> = {
  "news/get": {
    method: "GET",
    handle: ({ context, url }) =>
      listNews(context.db, parsePaging(url.searchParams, { defaultLimit: NEWS_PAGE_SIZE, maxLimit: NEWS_MAX_PAGE_SIZE })),
  },
  "news/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => createNews(context.db, user, parseOrThrow(newsInput, await readJson(request))),
  },
  "news/update": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, newTitle, newText } = parseOrThrow(
        withId({ newTitle: z.unknown(), newText: z.unknown() }),
        await readJson(request),
      );
      return updateNews(context.db, user, id, parseOrThrow(newsInput, { title: newTitle, text: newText }));
    },
  },
  "news/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteNews(context.db, user, id);
      return { id };
    },
  },

  "alert/get": {
    method: "GET",
    handle: async ({ request, context }) =>
      (await userForToken(context.db, tokenOf(request)))
        ? listAllAlerts(context.db)
        : listActiveAlerts(context.db),
  },
  "alert/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => createAlert(context.db, user, parseOrThrow(alertInput, await readJson(request))),
  },
  "alert/update": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const body = parseOrThrow(
        withId({ newTitle: z.unknown(), newText: z.unknown(), newFromDate: z.unknown(), newToDate: z.unknown() }),
        await readJson(request),
      );
      const alert = parseOrThrow(alertInput, {
        title: body.newTitle,
        text: body.newText,
        fromDate: body.newFromDate,
        toDate: body.newToDate,
      });
      return updateAlert(context.db, user, body.id, alert);
    },
  },
  "alert/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteAlert(context.db, user, id);
      return { id };
    },
  },

  "opening/get": { method: "GET", handle: ({ context }) => getOpeningHours(context.db) },
  "opening/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { date } = parseOrThrow(z.object({ date: openingHoursInput }), await readJson(request));
      return saveOpeningHours(context.db, user, date);
    },
  },

  "opening/special/get": {
    method: "GET",
    handle: ({ context, url }) =>
      listSpecialHours(
        context.db,
        parsePaging(url.searchParams, { defaultLimit: SPECIAL_HOURS_PAGE_SIZE, maxLimit: SPECIAL_HOURS_MAX_PAGE_SIZE }),
      ),
  },
  "opening/special/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) =>
      createSpecialHours(context.db, user, parseOrThrow(specialHoursInput, await readJson(request))),
  },
  "opening/special/update": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, ...changes } = parseOrThrow(
        withId({ title: z.unknown(), hours: z.unknown(), fromDate: z.unknown(), toDate: z.unknown() }),
        await readJson(request),
      );
      return updateSpecialHours(context.db, user, id, parseOrThrow(specialHoursInput, changes));
    },
  },
  "opening/special/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteSpecialHours(context.db, user, id);
      return { id };
    },
  },

  // The workshop's business record (decision 020): everything it holds is shown on the public pages.
  "business/get": { method: "GET", handle: ({ context }) => getBusiness(context.db) },
  "business/update": {
    method: "POST",
    staffOnly: true,
    // A new `website` needs the account's `password` beside it (decision 007, fourth review).
    handle: async ({ request, context, user }) =>
      updateBusiness(context.db, user, await checkOrigin(context.db, request, user.username), await readJson(request)),
  },

  "reference/get": {
    method: "GET",
    handle: async ({ request, context, url }) => {
      const list = await listReferences(context.db, {
        ...parsePaging(url.searchParams, { defaultLimit: REFERENCE_PAGE_SIZE, maxLimit: REFERENCE_MAX_PAGE_SIZE }),
        category: url.searchParams.get("category"),
      });
      const staff = !!(await userForToken(context.db, tokenOf(request)));
      return { ...list, reference: list.reference.map((reference) => apiReference(staff ? reference : publicReference(reference))) };
    },
  },
  "reference/categories": {
    method: "GET",
    // Visitors see only categories with pictures; staff (with a token) all, as the picker does.
    handle: async ({ request, context }) => ({
      categories: await listCategories(context.db, {
        withPictures: !(await userForToken(context.db, tokenOf(request))),
      }),
    }),
  },
  "reference/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      return { reference: (await saveUploadRequest(context.db, user, context.pictures, request)).map(apiReference) };
    },
  },
  "reference/update": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, featured, beforeId, ...changes } = parseOrThrow(
        withId({ description: z.unknown(), category: z.unknown(), featured: referenceFeatured, beforeId: referenceBefore }),
        await readJson(request),
      );
      return apiReference(await updateReference(context.db, user, id, { ...parseOrThrow(referenceUpdate, changes), featured, beforeId }));
    },
  },
  "reference/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteReference(context.db, user, id);
      return { id };
    },
  },

  // Project pages (issue 40): published ones for everyone, drafts too with a token.
  "project/get": {
    method: "GET",
    handle: async ({ request, context, url }) => {
      const staff = !!(await userForToken(context.db, tokenOf(request)));
      const paging = parsePaging(url.searchParams, { defaultLimit: PROJECT_PAGE_SIZE, maxLimit: PROJECT_MAX_PAGE_SIZE });
      const list = await listProjects(context.db, { ...paging, forPages: !staff });
      return staff ? list : { ...list, project: list.project.map(publicProject) };
    },
  },
  "project/save": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => saveProject(context.db, user, await readJson(request)),
  },
  "project/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteProject(context.db, user, id);
      return { id };
    },
  },

  // Customers' enquiries are staff data: every call needs the token, reads included.
  "enquiry/get": {
    method: "GET",
    staffOnly: true,
    handle: async ({ context, url }) => {
      const status = url.searchParams.get("status");
      const list = await listEnquiries(context.db, {
        ...parsePaging(url.searchParams, { defaultLimit: ENQUIRY_PAGE_SIZE, maxLimit: ENQUIRY_MAX_PAGE_SIZE }),
        status: status ? parseOrThrow(enquiryStatus, status) : null,
      });
      return apiEnquiries(context, list);
    },
  },
  "enquiry/update": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, ...changes } = parseOrThrow(withId({ status: z.unknown(), note: z.unknown() }), await readJson(request));
      return apiEnquiryOf(context, await updateEnquiry(context.db, user, id, parseOrThrow(enquiryUpdate, changes)));
    },
  },
  // The steps after the arrival (decision 021); each tells the customer by e-mail after the answer.
  "enquiry/quote": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, ...quote } = parseOrThrow(
        withId({ kind: z.unknown(), items: z.unknown(), validUntil: z.unknown(), note: z.unknown() }),
        await readJson(request),
      );
      return apiEnquiryOf(context, await saveQuote(context.db, context.mailers, user, id, checkedOrThrow(checkQuote(quote))));
    },
  },
  "enquiry/propose": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, slots } = parseOrThrow(withId({ slots: z.unknown() }), await readJson(request));
      const instants = checkedOrThrow(checkSlots(slots, await proposalSchedule(context.db)));
      return apiEnquiryOf(context, await proposeSlots(context.db, context.mailers, user, id, instants));
    },
  },
  // The job's own steps (app/lib/job.ts): each refused with 409 out of order.
  "enquiry/arrived": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id, early } = parseOrThrow(withId({ early: z.boolean({ invalid_type_error: "„early“ muss true oder false sein." }).optional() }), await readJson(request));
      return apiEnquiryOf(context, await markArrived(context.db, user, id, { early }));
    },
  },
  "enquiry/finish": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      return apiEnquiryOf(context, await finishJob(context.db, context.mailers, user, id));
    },
  },
  "enquiry/finish/undo": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      return apiEnquiryOf(context, await undoFinish(context.db, user, id));
    },
  },
  "enquiry/collected": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      return apiEnquiryOf(context, await markCollected(context.db, user, id));
    },
  },
  "enquiry/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteEnquiry(context.db, user, id);
      return { id };
    },
  },

  // The Papierkorb and the Verlauf (decision 016): staff data, every call needs the token.
  "trash/get": {
    method: "GET",
    staffOnly: true,
    handle: async ({ context, url }) =>
      (await listTrash(context.db, parsePaging(url.searchParams, { defaultLimit: TRASH_API_PAGE_SIZE, maxLimit: TRASH_API_MAX_PAGE_SIZE }))).map(
        apiTrashEntry,
      ),
  },
  "trash/restore": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      return restoreFromTrash(context.db, user, id);
    },
  },
  "trash/delete": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context, user }) => {
      const { id } = parseOrThrow(withId({}), await readJson(request));
      await deleteFromTrash(context.db, context.cloudflare.env.IMAGES, user, id);
      return { id };
    },
  },
  "log/get": {
    method: "GET",
    staffOnly: true,
    handle: ({ context, url }) =>
      listLog(context.db, {
        ...parsePaging(url.searchParams, { defaultLimit: LOG_PAGE_SIZE, maxLimit: LOG_MAX_PAGE_SIZE }),
        user: url.searchParams.get("user"),
      }),
  },

  "auth/login": {
    method: "POST",
    handle: async ({ request, context }) => {
      // Only JSON: a form or text/plain post from any other web page, which a browser sends without asking, counts nothing.
      if (mediaTypeOf(request) !== "application/json") {
        throw new HttpError(415, "Die Anmeldung erwartet JSON (Content-Type: application/json).");
      }
      const credentials = parseOrThrow(loginInput, await readJson(request));
      const origin = await checkOrigin(context.db, request, credentials.username);
      const { token, user } = await login(context.db, credentials, origin);
      return Response.json(
        { token },
        { headers: { "Cache-Control": "no-store", "Set-Cookie": await knownDeviceCookie(context.db, request, user.username, origin.device) } },
      );
    },
  },
  "auth/logout": {
    method: "POST",
    staffOnly: true,
    handle: async ({ request, context }) => {
      await endSession(context.db, tokenOf(request));
      return {};
    },
  },

  "openapi.json": {
    method: "GET",
    handle: async () => Response.json(OPENAPI_DOCUMENT, { headers: { "Cache-Control": `public, max-age=${OPENAPI_MAX_AGE_SECONDS}` } }),
  },
};

/** Each route's name and method, for the test that holds the OpenAPI document to the table. */
export const API_ROUTE_METHODS = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, route.method]));

export async function handleApiRequest(request: Request, context: AppLoadContext): Promise<Response> {
  try {
    const url = new URL(request.url);
    const name = url.pathname.slice(PATHS.api.length + 1).replace(/\/+$/, "");
    // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
    const route = Object.hasOwn(routes, name) ? routes[name as ApiRouteName] : undefined;
    if (!route) return jsonError(404, "Diese API-Adresse gibt es nicht.");
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (method !== route.method) {
      return jsonError(405, `Diese Adresse erwartet ${route.method}.`, { Allow: route.method });
    }
    let body: unknown;
    if (route.staffOnly) {
      const user = await userForToken(context.db, tokenOf(request));
      if (!user) return jsonError(401, "Bitte anmelden: Die Sitzung fehlt oder ist abgelaufen.");
      body = await route.handle({ request, context, url, user });
    } else {
      body = await route.handle({ request, context, url });
    }
    // A handler answers with data, or with a whole response where it sets headers of its own.
    return body instanceof Response ? body : Response.json(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}
