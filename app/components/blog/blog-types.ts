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
  /** publishedAt as the page shows it ("March 4, 2026"), written on the server: the browser builds no date formatter. */
  publishedLabel: string;
  minutes: number;
  tags: string[];
  /** The post's own picture, or null: the card then draws a cover from the title's topic (ArticleCover). */
  image: string | null;
  /** A portfolio entry or a case study, rather than an article. */
  caseStudy: boolean;
}

export interface BlogArticleData extends BlogCardData {
  /** Sanitized HTML of the body (renderMarkdown). */
  html: string;
  updatedAt: string;
  views: number;
  /** The owner's own excerpt, when written (the card's excerpt may come from the body). */
  ownExcerpt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  /** A portfolio entry's site and what it is built with (empty for an article). */
  liveUrl: string | null;
  techStack: string[];
}
