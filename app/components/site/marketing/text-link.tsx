import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/icons";

/** A 'read more' link under a section, e.g. to the full pricing page. */
export function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-8">
      <Link
        to={to}
        className="inline-flex items-center gap-1 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
      >
        {children}
        <ChevronRightIcon className="h-4 w-4" />
      </Link>
    </p>
  );
}
