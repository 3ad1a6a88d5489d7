import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { pageMeta } from "~/lib/seo";
import { postIndex, searchSite } from "~/lib/site-search.server";
import { MAX_QUERY_LENGTH } from "~/lib/search";
import { contentOf } from "~/lib/content/load-context";

/** Published posts searched with the pages: every article, and the projects the portfolio page shows. */
const POST_SEARCH_LIMIT = { blog: 1000, case_study: 200, portfolio: 100 } as const;

/**
 * The server hands the same list objects until content changes, so their index
 * (`postIndex`) is built once per change, not per search.
 */
async function publishedPostDocuments(context: unknown) {
  try {
    const content = contentOf(context);
    const lists = await Promise.all(
      (Object.keys(POST_SEARCH_LIMIT) as (keyof typeof POST_SEARCH_LIMIT)[]).map((postType) =>
        content.listPublished({ postType, limit: POST_SEARCH_LIMIT[postType], offset: 0 }),
      ),
    );
    return lists.flatMap((list) => postIndex(list));
  } catch (error) {
    // The static pages are still searched when posts cannot be read.
    console.error("Search could not read published posts", error);
    return [];
  }
}

/** /search?q= (docs/product/site-pages.md "Search": the WebSite search action). Result pages are not indexed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  return { q, results: q ? await searchSite(q, await publishedPostDocuments(context)) : [] };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data?.q ? `Search results for "${data.q}"` : "Search",
    description:
      "Search the pages of Websites by Tyler: services, prices, Rhode Island cities, industries, demos, projects and blog articles.",
    path: "/search",
    noindex: true,
    breadcrumbs: false,
  });

const suggestions = [
  { to: "/services", label: "Services & Pricing" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/demos", label: "Live demos" },
  { to: "/start-project", label: "Start a project" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Search</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          Search the site
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Try: pricing, Newport, restaurant"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-base text-slate-900 focus:border-brand-600"
        />
        <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </Form>
      {q ? (
        <p className="mt-6 text-slate-700" role="status">
          {results.length === 0
            ? `Nothing matched "${q}". Try fewer or simpler words, or pick a page below.`
            : `${results.length} ${results.length === 1 ? "page" : "pages"} matched "${q}".`}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ol className="mt-6 space-y-4">
          {results.map((result) => (
            <li key={result.path} className="rounded-xl border border-slate-200 p-5 hover:border-brand-300">
              <Link
                to={result.path}
                className="text-lg font-semibold text-brand-800 underline-offset-4 hover:underline"
              >
                {result.title}
              </Link>
              <p className="mt-1 text-sm text-slate-600">{result.path}</p>
              <p className="mt-2 leading-7 text-slate-700">{result.snippet}</p>
            </li>
          ))}
        </ol>
      ) : (
        <nav aria-label="Popular pages" className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">Popular pages</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {suggestions.map((s) => (
              <li key={s.to}>
                <Link
                  to={s.to}
                  className="inline-block rounded-full border border-slate-300 px-4 py-2 text-slate-800 hover:bg-slate-50"
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
