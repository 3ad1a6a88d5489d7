import { Link, useLocation, useMatches } from "react-router";
import { buildBreadcrumbs, shouldShowBreadcrumbs } from "~/lib/breadcrumbs";
import { ChevronRightIcon } from "~/components/ui/icons";

/**
 * A route can opt out with `export const handle = { breadcrumbs: false }` (the not-found page does),
 * or name its own crumb from its loader data (a post shows its real title, not its slug).
 */
export interface BreadcrumbHandle {
  breadcrumbs?: false;
  crumbName?: (data: unknown) => string | undefined;
}

/** docs/product/site-pages.md "Global behaviour": built from the path, hidden on home or with one crumb. */
export function BreadcrumbBar() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handles = matches.map((match) => ({ handle: match.handle as BreadcrumbHandle | undefined, data: match.data }));
  if (handles.some(({ handle }) => handle?.breadcrumbs === false)) return null;
  const overrides: Record<string, string> = {};
  for (const { handle, data } of handles) {
    const name = handle?.crumbName?.(data);
    if (name) overrides[pathname.replace(/\/+$/, "")] = name;
  }
  const crumbs = buildBreadcrumbs(pathname, overrides);
  if (!shouldShowBreadcrumbs(crumbs)) return null;
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
