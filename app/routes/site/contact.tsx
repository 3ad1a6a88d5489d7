import { useLocation } from "react-router";
import type { Route } from "./+types/contact";
import { localBusinessJsonLd, pageMeta } from "~/lib/seo";
import { contactCopy, contactPage } from "~/content/contact-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { ContactForm } from "~/components/site/contact/contact-form";
import { ContactWays } from "~/components/site/contact/contact-ways";
import { readContactQuery } from "~/components/site/contact/contact-query";

/** Contact (docs/product/lead-paths.md "Contact"). Not prerendered: the loader reads the no-JavaScript error return. */
export function loader({ request }: Route.LoaderArgs) {
  return readContactQuery(request.url);
}

export const meta: Route.MetaFunction = () => pageMeta({ ...contactPage, jsonLd: [localBusinessJsonLd()] });

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <PageHero eyebrow={contactCopy.eyebrow} title={contactCopy.title} intro={<p>{contactCopy.intro}</p>} />
      <section aria-labelledby="contact-form-title" className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14 lg:px-8">
          <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {contactCopy.formTitle}
            </h2>
            <p className="mt-2 mb-6 text-slate-700">{contactCopy.formIntro}</p>
            {/* A new error return starts a fresh form. */}
            <ContactForm key={search} initial={loaderData} />
          </div>
          <ContactWays />
        </div>
      </section>
    </>
  );
}
