import { site } from "../config/site";
import type { PageSeo } from "../lib/seo";

/**
 * Registry of the public pages that are static: their search metadata, their
 * sitemap entry, and whether they are prerendered at build. Routes read their
 * `meta` from here; react-router.config.ts prerenders every entry; the
 * sitemap lists every indexable one. Pages with data (posts, portfolio) add
 * theirs on the server through the sitemap's dynamic sources.
 */
export interface StaticPage extends PageSeo {
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

export const homePage: StaticPage = {
  path: "/",
  description: `Custom websites for Rhode Island small businesses from ${"$"}${site.pricing.startingPrice}, built by ${site.owner.firstName} in ${site.delivery.typical}, with hosting and support included.`,
  keywords: [
    "rhode island web design",
    "providence web designer",
    "small business website",
    "custom website",
    "affordable web design",
    "website hosting",
    "local seo",
  ],
  changefreq: "weekly",
  priority: 1,
};

export const staticPages: StaticPage[] = [homePage];

export const prerenderPaths = (): string[] => staticPages.map((page) => page.path);
