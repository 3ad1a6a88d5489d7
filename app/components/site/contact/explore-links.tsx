import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/icons";

interface ExploreLink {
  to: string;
  label: string;
  text: string;
}

/** Cards of places to go next (the thank-you page: projects, blog, home). */
export function ExploreLinks({ links }: { links: readonly ExploreLink[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 hover:bg-brand-50 sm:p-6"
          >
            <span className="inline-flex items-center gap-1 text-lg font-bold text-brand-800">
              {link.label}
              <ChevronRightIcon className="h-5 w-5 transition-transform group-hover:translate-x-0.5" />
            </span>
            <span className="mt-1 text-slate-700">{link.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
