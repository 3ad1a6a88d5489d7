import { markdownToText, renderPostBody } from "~/lib/content/markdown";
import { minutesToRead, parseTags, resolveFeaturedImage, type Post } from "~/lib/content/posts";
import { truncateText } from "~/lib/text";
import type { BlogArticleData, BlogCardData } from "./blog-types";

/** The blog loaders' view of a post: text and sanitized HTML made on the server. */
const EXCERPT_LENGTH = 220;

export function toBlogCard(post: Post, text = markdownToText(post.content)): BlogCardData {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt?.trim() || truncateText(text, EXCERPT_LENGTH),
    publishedAt: post.published_at,
    minutes: minutesToRead(text),
    tags: parseTags(post.tags),
    image: resolveFeaturedImage(post.featured_image),
  };
}

export function toBlogArticle(post: Post): BlogArticleData {
  const text = markdownToText(post.content);
  return {
    ...toBlogCard(post, text),
    html: renderPostBody(post.content),
    updatedAt: post.updated_at,
    views: post.view_count,
    ownExcerpt: post.excerpt?.trim() || null,
    featuredImage: post.featured_image?.trim() ? resolveFeaturedImage(post.featured_image) : null,
    seoTitle: post.seo_title?.trim() || null,
    seoDescription: post.seo_description?.trim() || null,
  };
}
