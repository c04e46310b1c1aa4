import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Toast } from "~/lib/toast";

/**
 * A flash cookie carries the outcome of a staff action across its redirect, so the
 * same toast appears whether the form was posted with or without JavaScript.
 */
const toastCookie = createCookie("hinweis", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

export { FAILURE_MESSAGE, SUCCESS_MESSAGE } from "~/lib/toast";

async function toastHeader(request: Request, toast: Omit<Toast, "id">): Promise<string> {
  return toastCookie.serialize({ ...toast, id: crypto.randomUUID() }, {
    secure: new URL(request.url).protocol === "https:",
  });
}

/** What a toast cookie may hold; the cookie comes from the browser, so anything else is ignored. */
const toastSchema = z
  .object({
    id: z.string().max(100),
    type: z.enum(["success", "error"]),
    title: z.string().max(200).optional(),
    body: z.string().max(1000),
  })
  .strict();

/** Reads and clears the pending toast; a malformed one is cleared without being shown. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined || value === "") return { toast: null, headers: {} };
  const parsed = toastSchema.safeParse(value);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) },
  };
}

/** Post/Redirect/Get: the action's outcome travels as a toast to the page it returns to. */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(request, toast));
  return redirect(to, { ...init, headers });
}
