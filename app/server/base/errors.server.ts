/**
 * Expected failures, shared by the entity modules, the staff actions and the API. They live
 * here rather than in `server/api/` so the entity modules do not depend on the API layer.
 */

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
