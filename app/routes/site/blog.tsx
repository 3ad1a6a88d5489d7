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
import { BLOG_PAGE_SIZE, blogPath, parsePageParam } from "~/components/blog/format";

/**
 * /blog (public-site spec 2.13): published posts, 10 a page from ?page=.
 * A page past the end redirects to the last page; a missing or invalid page is page 1.
 * Server-rendered and cached per address until posts change, so nothing here varies per visitor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const list = await contentOf(context).listPublished({
    postType: "blog",
    limit: BLOG_PAGE_SIZE,
    offset: (page - 1) * BLOG_PAGE_SIZE,
  });
  const totalPages = Math.max(1, Math.ceil(list.total / BLOG_PAGE_SIZE));
  if (page > totalPages) throw redirect(blogPath(totalPages));
  return { page, totalPages, total: list.total, posts: list.posts.map((post) => toBlogCard(post)) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const page = data?.page ?? 1;
  const totalPages = data?.totalPages ?? 1;
  const tags = pageMeta({
    title: page > 1 ? blogCopy.pageTitle(page) : blogCopy.metaTitle,
    description: page > 1 ? blogCopy.pageDescription(page, totalPages) : blogCopy.metaDescription,
    path: blogPath(page),
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog" },
    ],
  });
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(blogPath(page - 1)) });
  if (page < totalPages) tags.push({ tagName: "link", rel: "next", href: absoluteUrl(blogPath(page + 1)) });
  return tags;
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, totalPages, posts } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={blogCopy.eyebrow}
        title={page > 1 ? `${blogCopy.title}: page ${page}` : blogCopy.title}
        intro={<p>{blogCopy.intro}</p>}
      />
      <section aria-label="Articles" className="bg-white pt-4 pb-8 sm:pt-8">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
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
              <Pagination page={page} totalPages={totalPages} />
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
