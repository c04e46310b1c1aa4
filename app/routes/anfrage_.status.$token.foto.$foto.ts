import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { statusPhoto } from "~/server/web/status-page.server";

/** GET /anfrage/status/<token>/foto/<id> — a photo of the enquiry, small, for the status page's confirmation (decision 022). */
export function loader({ params, context }: LoaderFunctionArgs) {
  return statusPhoto(context, params.token ?? "", params.foto ?? "");
}
