import { data, Link, useNavigate } from "react-router";
import type { Route } from "./+types/not-found";
import type { BreadcrumbHandle } from "~/components/site/breadcrumb-bar";
import { pageMeta, serviceJsonLd } from "~/lib/seo";
import { matchTownPath, townDescription, townTitle } from "~/content/ri-towns";
import { TownPage } from "~/components/site/town-page";

export const handle: BreadcrumbHandle = { breadcrumbs: false };

/**
 * Unknown paths and /404 answer the not-found page with HTTP 404 (docs/product/site-pages.md
 * "Not-found page"), except /{town}-web-design(-ri) for a Rhode Island town without its own page,
 * which answers that town's page (docs/product/landing-pages.md "Other Rhode Island towns").
 */
export function loader({ request }: Route.LoaderArgs) {
  const town = matchTownPath(new URL(request.url).pathname);
  return town ? { town } : data({ town: undefined }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data: loaded, location }) => {
  const town = loaded?.town;
  if (town) {
    const description = townDescription(town.name);
    return pageMeta({
      title: townTitle(town.name),
      description,
      path: town.canonicalPath,
      // One template for 28 towns: kept out of the index so it never reads as doorway pages.
      noindex: true,
      jsonLd: [
        serviceJsonLd({
          name: townTitle(town.name),
          description,
          path: town.canonicalPath,
          areaServed: [`${town.name}, RI`],
        }),
      ],
    });
  }
  return pageMeta({
    title: "Page not found",
    description: "The page you were looking for isn't here. Head back home, read the blog or see recent projects.",
    path: location.pathname,
    noindex: true,
    breadcrumbs: false,
  });
};

const helpfulLinks = [
  { to: "/blog", label: "Blog", text: "Plain-English advice for small business websites" },
  { to: "/projects", label: "Projects", text: "Websites built for Rhode Island businesses" },
  { to: "/about", label: "About", text: "Who builds your site, and how" },
  { to: "/contact", label: "Contact", text: "Ask a question, get a straight answer" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData?.town) return <TownPage town={loaderData.town} />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-7xl font-black tracking-tight text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
        The link may be old or mistyped. Nothing is broken on your end: here are some good places to go instead.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Go to Homepage
        </Link>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Go Back
        </button>
      </div>
      <ul className="mt-12 grid gap-4 text-left sm:grid-cols-2">
        {helpfulLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block rounded-xl border border-slate-200 p-4 hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="font-semibold text-brand-800">{link.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
