import { ZodError } from "zod";
import { HttpError } from "~/server/base/errors.server";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "~/server/db/retry.server";

/** The first validation message, in the words the schema gives it. */
function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Ungültige Eingabe.";
}

export function jsonError(status: number, message: string, headers: HeadersInit = {}) {
  return Response.json({ error: message }, { status, headers });
}

export function toErrorResponse(error: unknown): Response {
  if (isDatabaseUnavailable(error)) {
    return jsonError(503, DATABASE_UNAVAILABLE, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers);
  if (error instanceof ZodError) return jsonError(400, firstIssue(error));
  console.error("Unerwarteter Fehler in der API", error);
  return jsonError(500, "Interner Fehler. Bitte später erneut versuchen.");
}
