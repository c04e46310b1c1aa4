import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApiRequest } from "~/server/api/routes.server";

// One splat route dispatches every /api/v1 call so unknown paths and wrong methods get JSON answers too.
export const loader = ({ request, context }: LoaderFunctionArgs) => handleApiRequest(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => handleApiRequest(request, context);
