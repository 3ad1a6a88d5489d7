import { Link } from "react-router";
import { emailHref, phoneHref, site } from "~/config/site";
import { MailIcon, PhoneIcon } from "~/components/ui/icons";

/** Closing call to action (public-site spec 2.3). */
export function ClosingCta() {
  return (
    <section aria-labelledby="home-cta-title" className="bg-white pb-16 sm:pb-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-linear-to-br from-brand-800 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <h2
            id="home-cta-title"
            className="mx-auto max-w-3xl text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            Ready to get your business online the right way?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-50">
            Tell me a little about what you do and what you need. I&apos;ll reply within {site.replyPromise.fast} with
            honest advice and a straight price, even if the answer is &quot;you don&apos;t need me yet.&quot;
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row sm:flex-wrap">
            <Link
              to="/start-project"
              className="inline-flex w-full items-center justify-center rounded-lg bg-accent-500 px-7 py-3.5 font-semibold text-slate-900 shadow-sm hover:bg-accent-400 sm:w-auto"
            >
              Start a Project
            </Link>
            <a
              href={phoneHref}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-white underline-offset-4 hover:underline"
            >
              <PhoneIcon className="h-5 w-5" />
              {site.phone.display}
            </a>
            <a
              href={emailHref}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-white underline-offset-4 hover:underline"
            >
              <MailIcon className="h-5 w-5" />
              {site.email}
            </a>
          </div>
          <p className="mt-6 text-sm text-brand-100">{site.hours.label}</p>
        </div>
      </div>
    </section>
  );
}
