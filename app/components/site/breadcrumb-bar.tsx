import { Link, useLocation, useMatches } from "react-router";
import { buildBreadcrumbs, shouldShowBreadcrumbs, type Crumb } from "~/lib/breadcrumbs";
import { ChevronRightIcon } from "~/components/ui/icons";

/** A route can opt out with `export const handle = { breadcrumbs: false }` (the not-found page does). */
export interface BreadcrumbHandle {
  breadcrumbs?: false;
}

/** public-site spec 2.1: built from the path, hidden on home or with one crumb. */
export function BreadcrumbBar() {
  const { pathname } = useLocation();
  const matches = useMatches();
  if (matches.some((match) => (match.handle as BreadcrumbHandle | undefined)?.breadcrumbs === false)) return null;
  const crumbs = buildBreadcrumbs(pathname);
  if (!shouldShowBreadcrumbs(crumbs)) return null;
  return <Breadcrumbs crumbs={crumbs} />;
}

/**
 * The breadcrumb trail itself. A page whose last crumb is a real title rather than
 * a name built from the path (a blog post) opts out of the layout's bar and renders this.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-100 bg-slate-50">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-2 text-sm text-slate-600 sm:px-6 lg:px-8">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className={`flex items-center gap-1 ${last ? "min-w-0" : ""}`}>
              {index > 0 ? <ChevronRightIcon className="h-3.5 w-3.5 shrink-0 text-slate-400" /> : null}
              {last ? (
                <span aria-current="page" className="line-clamp-1 font-medium text-slate-800">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="text-brand-700 underline-offset-4 hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
