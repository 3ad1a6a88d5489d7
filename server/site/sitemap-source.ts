/**
 * One sitemap entry, and a source of them registered by a feature (published posts, portfolio
 * items); server/site/seo-routes.ts lists them after the static pages.
 */
export interface SitemapEntry {
  path: string;
  lastmod?: Date | string;
  changefreq?: string;
  priority?: number;
}

export type SitemapSource = () => Promise<SitemapEntry[]>;
