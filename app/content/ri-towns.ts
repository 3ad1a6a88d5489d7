import { servedCities } from "../config/site";

/** Rhode Island's 39 cities and towns (slug -> name). */
const RI_MUNICIPALITIES = [
  "Barrington",
  "Bristol",
  "Burrillville",
  "Central Falls",
  "Charlestown",
  "Coventry",
  "Cranston",
  "Cumberland",
  "East Greenwich",
  "East Providence",
  "Exeter",
  "Foster",
  "Glocester",
  "Hopkinton",
  "Jamestown",
  "Johnston",
  "Lincoln",
  "Little Compton",
  "Middletown",
  "Narragansett",
  "New Shoreham",
  "Newport",
  "North Kingstown",
  "North Providence",
  "North Smithfield",
  "Pawtucket",
  "Portsmouth",
  "Providence",
  "Richmond",
  "Scituate",
  "Smithfield",
  "South Kingstown",
  "Tiverton",
  "Warren",
  "Warwick",
  "West Greenwich",
  "West Warwick",
  "Westerly",
  "Woonsocket",
] as const;

const slugOf = (name: string) => name.toLowerCase().replace(/\s+/g, "-");
const bySlug = new Map<string, string>(RI_MUNICIPALITIES.map((name) => [slugOf(name), name]));
bySlug.set("block-island", "Block Island");

export interface TownMatch {
  slug: string;
  name: string;
  /** The main spelling, /{slug}-web-design. */
  canonicalPath: string;
}

/**
 * docs/product/site-pages.md "Route table" (and docs/product/landing-pages.md
 * "Other Rhode Island towns"): any path /{city}-web-design or /{city}-web-design-ri takes its title
 * and description from the city. The eleven served cities have their own pages; this finds the
 * other Rhode Island towns.
 */
export function matchTownPath(pathname: string): TownMatch | undefined {
  const match = /^\/([a-z-]+?)-web-design(?:-ri)?\/?$/.exec(pathname.toLowerCase());
  const slug = match?.[1];
  if (!slug) return undefined;
  const name = bySlug.get(slug);
  if (!name || servedCities.some((city) => city.slug === slug)) return undefined;
  return { slug, name, canonicalPath: `/${slug}-web-design` };
}

export const townTitle = (name: string) => `Web Design in ${name}, RI`;
export const townDescription = (name: string) =>
  `Custom websites for ${name}, Rhode Island businesses, from a local designer: fast, mobile-friendly sites from $75 with hosting and support included.`;
