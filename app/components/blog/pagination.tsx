import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/icons";
import { blogPath, type BlogFilter } from "./format";
import { pageWindow } from "./paging";

const cell =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors";

/** Previous / page numbers / Next as real links (?page=N), so every page is crawlable. */
export function Pagination({
  page,
  totalPages,
  filter = "articles",
}: {
  page: number;
  totalPages: number;
  filter?: BlogFilter;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Blog pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={blogPath(page - 1, filter)}
          rel="prev"
          className={`${cell} gap-1 border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          <ChevronRightIcon className="h-4 w-4 rotate-180" />
          Previous
        </Link>
      ) : null}
      <ol className="flex flex-wrap items-center gap-1">
        {pageWindow(page, totalPages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className={`${cell} bg-brand-700 text-white`}>
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={blogPath(n, filter)} className={`${cell} text-brand-800 hover:bg-brand-50`}>
                  <span className="sr-only">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link
          to={blogPath(page + 1, filter)}
          rel="next"
          className={`${cell} gap-1 border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
