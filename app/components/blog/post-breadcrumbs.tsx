import { Link } from "react-router";
import type { Crumb } from "~/lib/breadcrumbs";
import { ChevronRightIcon } from "~/components/ui/icons";

/**
 * The breadcrumb bar of a post (Home > Blog > title): the layout's bar builds
 * names from the path, a post shows its real title. Same look as the layout's.
 */
export function PostBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
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
