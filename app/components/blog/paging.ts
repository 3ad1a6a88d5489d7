/**
 * The blog list's paging (docs/product/blog.md "The list"): the page asked for and the page
 * numbers shown. Apart from ./format.ts, so that an article's page does not load them.
 */
/** The page of ?page=: a whole number of at least 1; anything else is page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number.parseInt(value.trim(), 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The page numbers to show: the first, the last and two either side of the
 * current one, with null where a gap is shown ("1 ... 4 5 6 7 8 ... 20").
 */
export function pageWindow(current: number, total: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page++) {
    if (page === 1 || page === total || Math.abs(page - current) <= around) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
