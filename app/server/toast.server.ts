import { createCookie, redirect } from "@remix-run/cloudflare";
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

/** Reads and clears the pending toast. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return { toast: null, headers: {} };
  return {
    toast: value as Toast,
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
