import { ZodError } from "zod";

export const API_PREFIX = "/api/v1";

export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/** An expected failure with a German message for the client; never a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: HeadersInit = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** The first validation message, in the words the schema gives it. */
function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Ungültige Eingabe.";
}

export function jsonError(status: number, message: string, headers: HeadersInit = {}) {
  return Response.json({ error: message }, { status, headers });
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers);
  if (error instanceof ZodError) return jsonError(400, firstIssue(error));
  console.error("Unerwarteter Fehler in der API", error);
  return jsonError(500, "Interner Fehler. Bitte später erneut versuchen.");
}

/**
 * Reads a body but never holds more than `limit` bytes: a body without a declared
 * length (or with a false one) is counted while it streams in and refused once too large.
 */
export async function readBodyLimited(
  request: Request,
  limit: number,
  tooLarge: () => HttpError,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
