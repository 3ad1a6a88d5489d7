import { useEffect, useState } from "react";
import type { ClientReviews } from "~/components/site/reviews/client-reviews";
import { Link, redirect } from "react-router";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { webUrl } from "~/components/projects/project-links";
import { blogPath } from "~/components/blog/format";
import type { Route } from "./+types/blog-post";
import type { BreadcrumbHandle } from "~/components/site/breadcrumb-bar";
import { contentOf } from "~/lib/content/load-context";
import { pageMeta } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";
import { truncateText } from "~/lib/text";
import { ChevronRightIcon, ClockIcon } from "~/components/ui/icons";
import { CtaSection } from "~/components/site/sections/cta-section";
import { FallbackImage } from "~/components/projects/fallback-image";
import { toBlogArticle } from "~/components/blog/blog-data.server";
import { articleJsonLd } from "~/components/blog/article-json-ld";
import { blogCopy } from "~/components/blog/blog-copy";
import { postPath, readingTimeLabel, viewsLabel } from "~/components/blog/format";
import { proseClass } from "~/components/blog/prose";
import { ShareBar } from "~/components/blog/share-buttons";
import { TagChips } from "~/components/blog/tag-chips";
import { CalendarIcon, EyeIcon } from "~/components/blog/blog-icons";
import { useCountView } from "~/components/blog/use-count-view";
import { site } from "~/config/site";
import { builtSocialCard } from "~/lib/social-cards.server";

/** The layout's breadcrumbs end with the post's real title. */
export const handle: BreadcrumbHandle = {
  crumbName: (data) => (data as { article?: { title: string } } | undefined)?.article?.title,
};

/**
 * /blog/{slug} (docs/product/blog.md "An article"). The body is rendered and sanitized on the
 * server; an unknown or unpublished slug goes to /404 (docs/product/errors.md "Public site"). Every
 * type is read here (the post manager's View link, docs/product/posts-and-portfolio.md
 * "Post manager", points here): a portfolio entry is its case study, the full write-up its
 * /projects card summarises, with the picture of the site, the link to it and what it is built
 * with.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await contentOf(context).findPublished(params.slug);
  if (!post) throw redirect("/404");
  return { article: toBlogArticle(post), socialCard: builtSocialCard("blog", post.slug) };
}

const crumbsFor = (title: string, slug: string) => [
  { name: "Home", path: "/" },
  { name: "Blog", path: "/blog" },
  { name: title, path: postPath(slug) },
];

export const meta: Route.MetaFunction = ({ data }) => {
  const article = data?.article;
  if (!article) return [];
  // The post's own card (drawn at build from its title), else its picture, else the site's card.
  const socialImage = data.socialCard ?? article.image ?? undefined;
  const path = postPath(article.slug);
  const description = article.seoDescription ?? truncateText(article.excerpt);
  const tags = pageMeta({
    title: article.seoTitle ?? article.title,
    description,
    path,
    type: "article",
    image: socialImage,
    imageAlt: socialImage ? article.title : undefined,
    keywords: article.tags.length ? article.tags : undefined,
    breadcrumbs: crumbsFor(article.title, article.slug),
    jsonLd: [
      articleJsonLd({
        title: article.title,
        // docs/product/blog.md "Article structured data": the excerpt, else the SEO description,
        // else the start of the body.
        description: article.ownExcerpt ?? article.seoDescription ?? article.excerpt,
        path,
        image: article.image,
        publishedAt: article.publishedAt,
        updatedAt: article.updatedAt,
        tags: article.tags,
      }),
    ],
  });
  if (article.publishedAt) tags.push({ property: "article:published_time", content: article.publishedAt });
  tags.push({ property: "article:modified_time", content: article.updatedAt });
  for (const tag of article.tags) tags.push({ property: "article:tag", content: tag });
  return tags;
};

const imageClass = "mb-10 w-full rounded-2xl object-cover shadow-sm ring-1 ring-slate-200";

/** A case study's site and what it is built with, under its title. */
function CaseStudyFacts({ article, live }: { article: { title: string; techStack: string[] }; live?: string }) {
  return (
    <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center">
      {live ? (
        <a
          href={live}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Visit the site<span className="sr-only">: {article.title} (opens in a new tab)</span>
          <ExternalLinkIcon className="h-4 w-4" />
        </a>
      ) : null}
      {article.techStack.length ? (
        <TagChips tags={article.techStack} max={article.techStack.length} label="Built with" />
      ) : null}
    </div>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const url = absoluteUrl(postPath(article.slug));
  const date = article.publishedLabel;
  const views = useCountView(article.slug, article.views);
  const live = webUrl(article.liveUrl);

  return (
    <>
      <article className="bg-white">
        <header className="bg-linear-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 sm:px-6 sm:pt-16">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {article.caseStudy ? blogCopy.caseStudyEyebrow : blogCopy.eyebrow}
            </p>
            <h1 className="mt-3 text-balance text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {article.title}
            </h1>
            <ul className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
              {date ? (
                <li className="inline-flex items-center gap-1.5">
                  <CalendarIcon className="h-4 w-4" />
                  <time dateTime={article.publishedAt ?? undefined}>{date}</time>
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <ClockIcon className="h-4 w-4" />
                {readingTimeLabel(article.minutes)}
              </li>
              {viewsLabel(views) ? (
                <li className="inline-flex items-center gap-1.5" data-testid="view-count">
                  <EyeIcon className="h-4 w-4" />
                  {viewsLabel(views)}
                </li>
              ) : null}
            </ul>
            {article.tags.length ? (
              <div className="mt-5">
                <TagChips tags={article.tags} max={article.tags.length} />
              </div>
            ) : null}
            {live || article.techStack.length ? <CaseStudyFacts article={article} live={live} /> : null}
          </div>
        </header>

        <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
          {article.image ? (
            <FallbackImage
              src={article.image}
              alt={article.caseStudy ? `The ${article.title} website on a desktop browser and a phone` : ""}
              {...(article.caseStudy
                ? { width: 1600, height: 1000, className: `${imageClass} aspect-16/10` }
                : { width: 1200, height: 630, className: `${imageClass} aspect-1200/630` })}
              sizes="(min-width: 768px) 720px, 100vw"
              loading="eager"
              fetchPriority="high"
            />
          ) : null}
          {/* Sanitized on the server by renderMarkdown: the only HTML ever set here. */}
          <div className={proseClass} dangerouslySetInnerHTML={{ __html: article.html }} />

          <footer className="mt-12 space-y-6 border-t border-slate-200 pt-8">
            <ShareBar url={url} title={article.title} />
            <p className="text-slate-700">
              Written by{" "}
              <Link to="/about" className="font-semibold text-brand-700 hover:underline">
                {site.owner.name}
              </Link>
              , a web designer in {site.address.locality}, {site.address.regionName}.
            </p>
            <div className="flex flex-wrap gap-x-6">
              <Link
                to={article.caseStudy ? blogPath(1, "case-studies") : "/blog"}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
              >
                <ChevronRightIcon className="h-4 w-4 rotate-180" />
                {article.caseStudy ? "All case studies" : "All articles"}
              </Link>
              {article.caseStudy ? (
                <Link
                  to="/projects"
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
                >
                  Every project
                  <ChevronRightIcon className="h-4 w-4" />
                </Link>
              ) : null}
            </div>
          </footer>
        </div>
      </article>
      {/* The reviews the owner shows on this project (docs/product/reviews.md "On the site"). */}
      {article.caseStudy ? <CaseStudyReviews post={article.slug} /> : null}
      <CtaSection
        id="post-cta"
        title={blogCopy.ctaTitle}
        text={blogCopy.ctaText}
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

/**
 * The reviews the owner shows on a case study, their code a chunk of its own fetched once the page
 * runs (none of it in the page's first load); a chunk that cannot load leaves the page as it is.
 */
function CaseStudyReviews({ post }: { post: string }) {
  const [Reviews, setReviews] = useState<typeof ClientReviews>();
  useEffect(() => {
    import("~/components/site/reviews/client-reviews").then(
      (m) => setReviews(() => m.ClientReviews),
      () => {},
    );
  }, []);
  // A case study's reviews carry their own title and tint (app/components/site/reviews).
  return Reviews && <Reviews post={post} />;
}
