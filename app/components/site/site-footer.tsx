import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { footerCityLinks, industryLinks, legalLinks } from "~/content/navigation";
import { emailHref, phoneHref, site } from "~/config/site";

const BUILD_YEAR = new Date().getFullYear();
const currentYear = () => new Date().getFullYear();
const noSubscription = () => () => {};

export function SiteFooter() {
  // Prerendered pages carry the build year; the browser shows the current one.
  const year = useSyncExternalStore(noSubscription, currentYear, () => BUILD_YEAR);

  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">{site.brand}</p>
          <p className="mt-3 text-sm leading-6 text-brand-100">
            Custom websites for Rhode Island small businesses, side projects and causes. Built by hand in{" "}
            {site.address.locality}, starting at ${site.pricing.startingPrice}.
          </p>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <a className="underline-offset-4 hover:underline" href={phoneHref}>
                {site.phone.display}
              </a>
            </li>
            <li>
              <a className="underline-offset-4 hover:underline" href={emailHref}>
                {site.email}
              </a>
            </li>
            <li className="text-brand-100">{site.hours.label}</li>
          </ul>
        </div>
        <nav aria-label="Rhode Island cities">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Areas I serve</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {footerCityLinks.map((link) => (
              <li key={link.to}>
                <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Industries">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Industries</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {industryLinks.map((link) => (
              <li key={link.to}>
                <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Get started</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {[
              { label: "Start a Project", to: "/start-project" },
              { label: "Services & Pricing", to: "/services" },
              { label: "Projects", to: "/projects" },
              { label: "Client Portal", to: "/client-portal" },
              { label: "Contact", to: "/contact" },
              ...legalLinks,
            ].map((link) => (
              <li key={link.to}>
                <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-brand-100 sm:px-6 lg:px-8">
          © <span data-testid="copyright-year">{year}</span> {site.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
