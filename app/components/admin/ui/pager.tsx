import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { PAGE_SIZE } from "~/contracts/paging";

/**
 * Page links under a server-paged list (contacts, projects, inquiries, the media library, the
 * outbox): "61-120 of 3,000", Previous, the first and last pages and those around this one, Next. Each is a real link to
 * the list's address with that page, so the filters stay in it and back/forward walk the pages.
 */

/** The page numbers to show, with "gap" where some are left out: 1 … 4 5 [6] 7 8 … 40. */
export function pageWindow(page: number, pages: number, around = 2): (number | "gap")[] {
  const shown = new Set([1, pages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => {
    const before = i > 0 ? n - sorted[i - 1]! : 1;
    // A gap never stands for one page: that page's own link takes no more room.
    return before === 1 ? [n] : before === 2 ? [n - 1, n] : ["gap" as const, n];
  });
}

/**
 * What the row of page links holds: the numbers of pageWindow(…, 2) from the sm breakpoint, and
 * of pageWindow(…, 1) on a phone (its numbers are some of the wider window's), each window with
 * its own gaps, so the row stays one line at 390 px.
 */
export function pageLinks(page: number, pages: number) {
  const wide = pageWindow(page, pages, 2);
  const narrow = pageWindow(page, pages, 1);
  const gapBefore = (list: (number | "gap")[], n: number) => list[list.indexOf(n) - 1] === "gap";
  return wide
    .filter((n): n is number => n !== "gap")
    .flatMap((n) => {
      const onPhone = narrow.includes(n);
      const gaps = [
        ...(gapBefore(wide, n) ? [{ gap: `wide-${n}`, className: "hidden sm:block" }] : []),
        ...(onPhone && gapBefore(narrow, n) ? [{ gap: `narrow-${n}`, className: "sm:hidden" }] : []),
      ];
      return [...gaps, { page: n, className: onPhone ? undefined : "hidden sm:block" }];
    });
}

const number = (n: number) => n.toLocaleString("en-US");
/** The links are 36 px: Previous and Next show their word from the sm breakpoint, an arrow alone on a phone. */
const itemClass =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600";
const linkClass = `${itemClass} text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50`;

export function Pager({
  label,
  page,
  pageSize = PAGE_SIZE,
  total,
  hrefFor,
}: {
  /** The navigation's accessible name, e.g. "Media pages". */
  label: string;
  page: number;
  pageSize?: number;
  total: number;
  /** The list's address at that page, with every filter kept. */
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (rows removed elsewhere, an old link) keeps its way back.
  if (pages <= 1 && page <= 1) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600" data-testid="pager-range">
        {number(first)}-{number(last)} of {number(total)}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(Math.min(page - 1, pages))} rel="prev" className={linkClass}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Link>
          ) : (
            <span className={`${itemClass} text-slate-500`} aria-disabled="true">
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </span>
          )}
        </li>
        {pageLinks(page, pages).map((item) =>
          "gap" in item ? (
            <li key={item.gap} aria-hidden="true" className={`px-1 text-slate-500 ${item.className}`}>
              …
            </li>
          ) : (
            <li key={item.page} className={item.className}>
              {item.page === page ? (
                <span aria-current="page" className={`${itemClass} bg-brand-700 text-white`}>
                  <span className="sr-only">Page </span>
                  {item.page}
                </span>
              ) : (
                <Link to={hrefFor(item.page)} className={linkClass}>
                  <span className="sr-only">Page </span>
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className={`${itemClass} text-slate-500`} aria-disabled="true">
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
