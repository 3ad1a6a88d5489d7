/**
 * What the blog pages' loaders hand to the page: text and sanitized HTML made
 * on the server, so neither the markdown renderer nor a raw body reaches the
 * browser.
 */
export interface BlogCardData {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
  minutes: number;
  tags: string[];
  /** The featured image, or the placeholder. */
  image: string;
}

export interface BlogArticleData extends BlogCardData {
  /** Sanitized HTML of the body (renderMarkdown). */
  html: string;
  updatedAt: string;
  views: number;
  /** The owner's own excerpt, when written (the card's excerpt may come from the body). */
  ownExcerpt: string | null;
  /** Only when the post has its own image. */
  featuredImage: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
}
