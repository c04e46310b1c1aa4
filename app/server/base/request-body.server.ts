import type { HttpError } from "~/server/base/errors.server";

/**
 * The largest text form: an alert's 5000 characters of Inhalt, percent-encoded at up to
 * nine bytes each, plus its other fields. Uploads keep their own, larger limit.
 */
export const MAX_FORM_BYTES = 64 * 1024;

/** The body's length as the client declared it, or null without a usable `Content-Length`. */
export function declaredLength(request: Request): number | null {
  const value = request.headers.get("Content-Length");
  return value !== null && /^\d{1,15}$/.test(value.trim()) ? Number(value) : null;
}

/**
 * Reads a body but never holds more than `limit` bytes: a declared length above it is refused
 * before reading, and a body without one (or with a false one) is counted while it streams in.
 */
export async function readBodyLimited(
  request: Request,
  limit: number,
  tooLarge: () => HttpError,
): Promise<Uint8Array<ArrayBuffer>> {
  if ((declaredLength(request) ?? 0) > limit) throw tooLarge();
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
