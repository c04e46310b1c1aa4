/**
 * The page numbers a pager offers (public gallery and staff image list alike): the
 * first, the last and the neighbours of the current one; null marks a gap.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && n - last > 1) result.push(null);
    result.push(n);
  }
  return result;
}
