/** The address parameter of every paged list (`?seite=3`): always page N, counted from 1. */
export const PAGE_PARAM = "seite";

/** Far beyond any real list; keeps a made-up number from becoming a huge database offset. */
const MAX_PAGE = 100_000;

/**
 * The page a list's address asks for (`?seite=3`, or the home page's `?neuigkeiten=2`).
 * Anything that is not a whole number from 1 up means the first page. Loaders read
 * only this; the API's `startAt`/`limit` go through `parsePaging`.
 */
export function pageNumber(params: URLSearchParams, name: string = PAGE_PARAM): number {
  const raw = params.get(name)?.trim() ?? "";
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(raw)));
}

/** The rows of page N for a page size, as `listX(db, { startAt, limit })` takes them. */
export const pageRows = (page: number, pageSize: number) => ({ startAt: (page - 1) * pageSize, limit: pageSize });
