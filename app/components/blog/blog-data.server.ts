import { markdownToText, renderPostBody } from "~/lib/content/markdown";
import { parseTags } from "~/contracts/post-kinds";
import {
  minutesToRead,
  parsePortfolioContent,
  postMarkdown,
  resolveFeaturedImage,
  type Post,
} from "~/contracts/post-content";
import { truncateText } from "~/lib/text";
import { formatPostDate } from "./format";
import type { BlogArticleData, BlogCardData } from "./blog-types";

/** The blog loaders' view of a post: text and sanitized HTML made on the server. */
const EXCERPT_LENGTH = 220;

export function toBlogCard(post: Post, text = markdownToText(postMarkdown(post))): BlogCardData {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt?.trim() || truncateText(text, EXCERPT_LENGTH),
    publishedAt: post.published_at,
    publishedLabel: formatPostDate(post.published_at),
    minutes: minutesToRead(text),
    tags: parseTags(post.tags),
    image: post.featured_image?.trim() ? resolveFeaturedImage(post.featured_image) : null,
    caseStudy: post.post_type !== "blog",
  };
}

export function toBlogArticle(post: Post): BlogArticleData {
  const portfolio = post.post_type === "portfolio" ? parsePortfolioContent(post.content) : null;
  const body = portfolio ? portfolio.description : post.content;
  const text = markdownToText(body);
  return {
    ...toBlogCard(post, text),
    html: renderPostBody(body),
    updatedAt: post.updated_at,
    views: post.view_count,
    ownExcerpt: post.excerpt?.trim() || null,
    seoTitle: post.seo_title?.trim() || null,
    seoDescription: post.seo_description?.trim() || null,
    liveUrl: portfolio?.live_url || null,
    techStack: portfolio?.tech_stack ?? [],
  };
}
