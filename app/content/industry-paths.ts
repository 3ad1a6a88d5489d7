/**
 * The seven industry landing pages (docs/product/site-pages.md "Header";
 * docs/product/landing-pages.md "Industry pages"): the canonical path of each and the other
 * spelling that serves the same page. Plain data with relative imports only: routes.ts and
 * react-router.config.ts read it.
 */
export const INDUSTRY_SLUGS = [
  "restaurant",
  "food-truck",
  "cleaning-services",
  "car-detailing",
  "landscaping",
  "plumbing",
  "pet-grooming",
] as const;
export type IndustrySlug = (typeof INDUSTRY_SLUGS)[number];

export interface IndustryPath {
  slug: IndustrySlug;
  /** Canonical path (the spelling of docs/product/landing-pages.md "Industry pages"). */
  path: string;
  /** Other spellings that serve the same page, with a canonical to `path`. */
  aliases: string[];
}

export const industryPaths: readonly IndustryPath[] = [
  { slug: "restaurant", path: "/restaurant-web-design-rhode-island", aliases: ["/restaurant-web-design-ri"] },
  { slug: "food-truck", path: "/food-truck-web-design-ri", aliases: [] },
  { slug: "cleaning-services", path: "/cleaning-services-web-design-ri", aliases: [] },
  { slug: "car-detailing", path: "/car-detailing-web-design-ri", aliases: [] },
  { slug: "landscaping", path: "/landscaping-web-design-ri", aliases: [] },
  { slug: "plumbing", path: "/plumbing-web-design-ri", aliases: [] },
  { slug: "pet-grooming", path: "/pet-grooming-web-design-rhode-island", aliases: ["/pet-grooming-web-design-ri"] },
];

export function industryForPath(pathname: string): IndustryPath | undefined {
  const clean = pathname.replace(/\/+$/, "") || "/";
  return industryPaths.find((entry) => entry.path === clean || entry.aliases.includes(clean));
}
