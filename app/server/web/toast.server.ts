import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Toast } from "~/lib/toast";
import { signed, verified } from "~/server/entities/site-keys.server";
import { clearCookie, readCookie, writeCookie } from "~/server/web/cookies.server";

/**
 * A flash cookie carries the outcome of a staff action across its redirect, so the same toast
 * appears whether the form was posted with or without JavaScript. It is signed: a cookie that
 * another site (a sibling subdomain can set cookies for this one) wrote shows nothing.
 */
export const TOAST_COOKIE = "hinweis";
export const TOAST_MAX_AGE_SECONDS = 60;

export { FAILURE_MESSAGE, SUCCESS_MESSAGE } from "~/lib/toast";

/** The request and its context, as every loader and action gets them. */
export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

/** What a toast cookie may hold; anything else is ignored. */
const toastSchema = z
  .object({
    id: z.string().max(100),
    type: z.enum(["success", "error"]),
    title: z.string().max(200).optional(),
    body: z.string().max(1000),
  })
  .strict();

function parsedToast(value: string | null): Toast | null {
  if (value === null) return null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads and clears the pending toast; a tampered or malformed one is cleared without being shown. */
export async function readToast({ request, context }: RequestArgs): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const value = readCookie(request, TOAST_COOKIE);
  if (!value) return { toast: null, headers: {} };
  return {
    toast: parsedToast(await verified(context.db, "toast", value)),
    headers: { "Set-Cookie": clearCookie(request, TOAST_COOKIE, { httpOnly: true }) },
  };
}

/** Post/Redirect/Get: the action's outcome travels as a toast to the page it returns to. */
export async function redirectWithToast(
  { request, context }: RequestArgs,
  to: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
) {
  const value = await signed(context.db, "toast", JSON.stringify({ ...toast, id: crypto.randomUUID() }));
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", writeCookie(request, TOAST_COOKIE, value, { httpOnly: true, maxAgeSeconds: TOAST_MAX_AGE_SECONDS }));
  return redirect(to, { ...init, headers });
}
