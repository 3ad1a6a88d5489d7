import { Link, redirect } from "react-router";
import type { Route } from "./+types/blog";
import { contentOf } from "~/lib/content/load-context";
import { pageMeta } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { CtaSection } from "~/components/site/sections/cta-section";
import { BlogCard } from "~/components/blog/blog-card";
import { Pagination } from "~/components/blog/pagination";
import { blogCopy } from "~/components/blog/blog-copy";
import { toBlogCard } from "~/components/blog/blog-data.server";
import { BLOG_FILTERS, BLOG_PAGE_SIZE, blogPath, parseBlogFilter, type BlogFilter } from "~/components/blog/format";
import { parsePageParam } from "~/components/blog/paging";
import type { PostType } from "~/contracts/post-kinds";

/** What each list of /blog holds: the case studies are the portfolio's write-ups and case_study posts. */
const TYPES_OF: Record<BlogFilter, readonly PostType[]> = {
  articles: ["blog"],
  "case-studies": ["portfolio", "case_study"],
};

/**
 * /blog (docs/product/blog.md "The blog list"): published posts, 10 a page from ?page=;
 * ?type=case-studies lists the case studies instead of the articles. A page past the end redirects
 * to the last page; a missing or invalid page is page 1. Server-rendered and cached per address
 * until posts change, so nothing here varies per visitor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const page = parsePageParam(query.get("page"));
  const filter = parseBlogFilter(query.get("type"));
  const list = await contentOf(context).listPublished({
    postType: TYPES_OF[filter],
    limit: BLOG_PAGE_SIZE,
    offset: (page - 1) * BLOG_PAGE_SIZE,
  });
  const totalPages = Math.max(1, Math.ceil(list.total / BLOG_PAGE_SIZE));
  if (page > totalPages) throw redirect(blogPath(totalPages, filter));
  return { page, filter, totalPages, total: list.total, posts: list.posts.map((post) => toBlogCard(post)) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const page = data?.page ?? 1;
  const totalPages = data?.totalPages ?? 1;
  const filter = data?.filter ?? "articles";
  const caseStudies = filter === "case-studies";
  const tags = pageMeta({
    title: caseStudies
      ? `${blogCopy.caseStudiesMetaTitle}${page > 1 ? `, page ${page}` : ""}`
      : page > 1
        ? blogCopy.pageTitle(page)
        : blogCopy.metaTitle,
    description: caseStudies
      ? blogCopy.caseStudiesMetaDescription
      : page > 1
        ? blogCopy.pageDescription(page, totalPages)
        : blogCopy.metaDescription,
    path: blogPath(page, filter),
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog" },
    ],
  });
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(blogPath(page - 1, filter)) });
  if (page < totalPages) tags.push({ tagName: "link", rel: "next", href: absoluteUrl(blogPath(page + 1, filter)) });
  return tags;
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, filter, totalPages, posts } = loaderData;
  const caseStudies = filter === "case-studies";
  const title = caseStudies ? blogCopy.caseStudiesTitle : blogCopy.title;
  return (
    <>
      <PageHero
        eyebrow={blogCopy.eyebrow}
        title={page > 1 ? `${title}: page ${page}` : title}
        intro={<p>{caseStudies ? blogCopy.caseStudiesIntro : blogCopy.intro}</p>}
      />
      <section aria-label={blogCopy.filters[filter]} className="bg-white pt-4 pb-8 sm:pt-8">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <BlogFilterTabs current={filter} />
          {posts.length > 0 ? (
            <>
              {totalPages > 1 ? (
                <p className="mb-6 text-sm font-medium text-slate-600">
                  Page {page} of {totalPages}
                </p>
              ) : null}
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {posts.map((post, index) => (
                  <li key={post.slug}>
                    <BlogCard post={post} eager={index < 3} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} totalPages={totalPages} filter={filter} />
            </>
          ) : (
            <BlogEmpty />
          )}
        </div>
      </section>
      <CtaSection
        id="blog-cta"
        title={blogCopy.listCtaTitle}
        text={blogCopy.listCtaText}
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

/** Articles or case studies: links, so each list has its own address and is crawled. */
function BlogFilterTabs({ current }: { current: BlogFilter }) {
  return (
    <nav aria-label={blogCopy.filterLabel} className="mb-8">
      <ul className="inline-flex rounded-xl bg-slate-100 p-1">
        {BLOG_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={blogPath(1, filter)}
              aria-current={filter === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold transition ${
                filter === current ? "bg-white text-brand-800 shadow-sm" : "text-slate-700 hover:text-slate-900"
              }`}
            >
              {blogCopy.filters[filter]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BlogEmpty() {
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <h2 className="text-2xl font-bold text-slate-900">{blogCopy.emptyTitle}</h2>
      <p className="mt-3 leading-7 text-slate-700">{blogCopy.emptyText}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/contact" className={buttonClass.brand}>
          Ask a Question
        </Link>
        <Link to="/projects" className={buttonClass.outline}>
          See Recent Projects
        </Link>
      </div>
    </div>
  );
}
