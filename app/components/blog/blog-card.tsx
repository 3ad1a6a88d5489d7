import { Link } from "react-router";
import { absoluteUrl } from "~/lib/site-url";
import { FallbackImage } from "~/components/projects/fallback-image";
import { ArticleCover } from "./article-cover";
import { BLOG_CARD_TAGS, postPath, readingTimeLabel } from "./format";
import { ShareMenu } from "./share-buttons";
import { TagChips } from "./tag-chips";
import type { BlogCardData } from "./blog-types";

/** One post in the blog list (docs/product/blog.md "The blog list", "Post"). */
export function BlogCard({ post, eager = false }: { post: BlogCardData; eager?: boolean }) {
  const href = postPath(post.slug);
  const date = post.publishedLabel;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-slate-100">
        {post.image ? (
          <FallbackImage
            src={post.image}
            alt=""
            width={640}
            height={400}
            loading={eager ? "eager" : "lazy"}
            sizes="(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw"
            className="aspect-16/10 w-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <ArticleCover slug={post.slug} tags={post.tags} caseStudy={post.caseStudy} />
        )}
      </Link>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          {post.caseStudy ? (
            <>
              <span className="font-semibold text-brand-800">Case study</span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          {date ? <time dateTime={post.publishedAt ?? undefined}>{date}</time> : null}
          {date ? <span aria-hidden="true">·</span> : null}
          <span>{readingTimeLabel(post.minutes)}</span>
        </p>
        <h2 className="mt-2 text-xl font-bold leading-7 text-slate-900">
          <Link to={href} className="hover:text-brand-800 hover:underline hover:underline-offset-4">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 leading-7 text-slate-700">{post.excerpt}</p>
        <div className="mt-4">
          <TagChips tags={post.tags} max={BLOG_CARD_TAGS} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-3 pt-5">
          <Link
            to={href}
            className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            {post.caseStudy ? "Read the case study" : "Read article"}
            <span className="sr-only">: {post.title}</span>
          </Link>
          <ShareMenu url={absoluteUrl(href)} title={post.title} />
        </div>
      </div>
    </article>
  );
}
