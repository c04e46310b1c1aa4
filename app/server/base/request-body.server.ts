import type { HttpError } from "~/server/base/errors.server";

/**
 * Reads a body but never holds more than `limit` bytes: a declared length above it is refused
 * before reading, and a body without one (or with a false one) is counted while it streams in.
 */
export async function readBodyLimited(
  request: Request,
  limit: number,
  tooLarge: () => HttpError,
): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? NaN) > limit) throw tooLarge();
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
