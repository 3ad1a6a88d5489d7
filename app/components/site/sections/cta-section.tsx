import type { ReactNode } from "react";
import { Link } from "react-router";
import { emailHref, phoneHref, site } from "~/config/site";
import { MailIcon, PhoneIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";

interface CtaSectionProps {
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** Label of the main button to /start-project. */
  startLabel?: string;
  /** Show the phone link (default true). */
  showPhone?: boolean;
  /** Show the e-mail link beside the phone link (default true). */
  showEmail?: boolean;
  /** A second link, e.g. to /contact. */
  secondary?: { to: string; label: string };
}

/** The closing call to action of a page: Start a Project, the phone and e-mail links, the hours. */
export function CtaSection({
  id,
  title,
  text,
  startLabel = "Start a Project",
  showPhone = true,
  showEmail = true,
  secondary,
}: CtaSectionProps) {
  return (
    <section aria-labelledby={id} className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-linear-to-br from-brand-800 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <h2 id={id} className="mx-auto max-w-3xl text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <div className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-50">{text}</div>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row sm:flex-wrap">
            <Link to="/start-project" className={`${buttonClass.primary} w-full sm:w-auto`}>
              {startLabel}
            </Link>
            {secondary ? (
              <Link to={secondary.to} className={`${buttonClass.outlineLight} w-full sm:w-auto`}>
                {secondary.label}
              </Link>
            ) : null}
            {showPhone ? (
              <a
                href={phoneHref}
                className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-white underline-offset-4 hover:underline"
              >
                <PhoneIcon className="h-5 w-5" />
                {site.phone.display}
              </a>
            ) : null}
            {showEmail ? (
              <a
                href={emailHref}
                className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-white underline-offset-4 hover:underline"
              >
                <MailIcon className="h-5 w-5" />
                {site.email}
              </a>
            ) : null}
          </div>
          <p className="mt-6 text-sm text-brand-100">{site.hours.label}</p>
        </div>
      </div>
    </section>
  );
}
