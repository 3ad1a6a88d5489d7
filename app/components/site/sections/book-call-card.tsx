import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ChevronRightIcon } from "~/components/ui/icons";

interface BookCallCardProps {
  title: string;
  text: string;
  /** The booking page's address (`bookPath()`), with what is known of the visitor. */
  to: string;
  label: string;
  /** The card's heading level where it sits. */
  heading?: "h2" | "h3";
  /** A solid button rather than a text link (a page's main next step). */
  button?: boolean;
  className?: string;
}

/**
 * A small pointer to the booking page (docs/product/bookings.md), as the start-project
 * confirmation, /contact, /how-it-works and the portal offer it: a heading, a line, a link.
 */
export function BookCallCard({
  title,
  text,
  to,
  label,
  heading = "h3",
  button = false,
  className = "",
}: BookCallCardProps) {
  const Heading = heading;
  return (
    <div className={`rounded-2xl bg-brand-50 p-5 sm:p-6 ${className}`}>
      <Heading className="font-bold text-slate-900">{title}</Heading>
      <p className="mt-1 leading-7 text-slate-700">{text}</p>
      {button ? (
        <Link to={to} className={`${buttonClass.brand} mt-4 w-full sm:w-auto`}>
          {label}
        </Link>
      ) : (
        <Link
          to={to}
          className="mt-3 inline-flex items-center gap-1 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          {label}
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      )}
    </div>
  );
}
