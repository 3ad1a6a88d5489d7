import { site } from "../config/site";
import type { PageSeo } from "../lib/seo";

/**
 * A static public page: its search metadata and sitemap entry. Each content
 * module exports its pages; registry.ts gathers them for the prerender list,
 * the sitemap and the site search. Pages with data (posts, portfolio) add
 * theirs on the server through the sitemap's dynamic sources.
 */
export interface StaticPage extends PageSeo {
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
  /** Rendered per request instead of at build (a page that reads its query string). */
  prerender?: false;
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
