import { servedCities } from "~/config/site";
import { industryPaths } from "~/content/industry-paths";
import { SqlList, weighted } from "./sql";

/**
 * Where visits land and go, and where they come from: the site's real paths (home, the
 * marketing pages, the eleven cities, the seven industries, the blog's posts) with the weights
 * of a local-service site that lives on search; and the channels of a visit's first page.
 */

/** Other Rhode Island towns served by the town pages (app/content/ri-towns.ts). */
const TOWN_PAGES = [
  "barrington",
  "coventry",
  "cumberland",
  "east-greenwich",
  "johnston",
  "lincoln",
  "middletown",
  "narragansett",
  "portsmouth",
  "smithfield",
  "tiverton",
  "warren",
];

/** The cities' shares of search visits: Providence first, then by size. */
const CITY_WEIGHT: Record<string, number> = { providence: 5, warwick: 2.4, cranston: 2, newport: 2, pawtucket: 1.6 };

export interface SitePages {
  /** First pages of visits. */
  entry: Pick<SqlList, "pick">;
  /** Pages visited after the first. */
  next: Pick<SqlList, "pick">;
}

export function sitePages(blogSlugs: readonly string[]): SitePages {
  const cities = servedCities.map((city) => [city.path, CITY_WEIGHT[city.slug] ?? 1] as const);
  const industries = industryPaths.map((industry, i) => [industry.path, i === 0 ? 3 : 2] as const);
  const towns = TOWN_PAGES.map((slug) => [`/${slug}-web-design`, 0.2] as const);
  const posts = blogSlugs.map((slug, i) => [`/blog/${slug}`, 14 / (blogSlugs.length + 2) / (1 + i / 8)] as const);
  const entry: (readonly [string, number])[] = [
    ["/", 26],
    ["/pricing", 6],
    ["/services", 3],
    ["/blog", 2],
    ["/projects", 2],
    ["/demos", 2],
    ["/claim-your-website", 1.5],
    ["/chat", 1],
    ["/start-project", 2],
    ["/contact", 2],
    ["/about", 2],
    ["/how-it-works", 1],
    ["/whats-included", 1],
    ["/client-portal", 2],
    ["/privacy-policy", 0.3],
    ...cities,
    ...industries,
    ...towns,
    ...posts,
  ];
  const next: (readonly [string, number])[] = [
    ["/", 10],
    ["/pricing", 12],
    ["/services", 9],
    ["/projects", 8],
    ["/start-project", 7],
    ["/contact", 6],
    ["/about", 6],
    ["/how-it-works", 5],
    ["/whats-included", 4],
    ["/demos", 5],
    ["/blog", 4],
    ["/chat", 2],
    ["/contact/thank-you", 1],
    ["/claim-your-website", 1],
    ["/search", 1.5],
    ["/client-portal", 1.5],
    ["/client-portal/sign-in", 0.6],
    ["/cookie-policy", 0.3],
    ...cities.map(([path, w]) => [path, w / 2] as const),
    ...industries,
    ...posts.map(([path, w]) => [path, w / 2] as const),
  ];
  return { entry: weighted(entry, "text", 1000), next: weighted(next, "text", 1000) };
}

/** [referrer host, referrer URL, utm_source, utm_medium, utm_campaign, weight]: how a visit arrives. */
type Channel = readonly [string | null, string | null, string | null, string | null, string | null, number];
// prettier-ignore
const CHANNELS: readonly Channel[] = [
  ["google.com", "https://www.google.com/", null, null, null, 40],
  [null, null, null, null, null, 24],
  ["bing.com", "https://www.bing.com/", null, null, null, 4],
  ["duckduckgo.com", "https://duckduckgo.com/", null, null, null, 2],
  ["search.yahoo.com", "https://search.yahoo.com/", null, null, null, 1],
  ["google.com", "https://www.google.com/", "gmb", "organic", "profile", 7],
  ["l.facebook.com", "https://l.facebook.com/", null, null, null, 5],
  ["l.facebook.com", "https://l.facebook.com/", "facebook", "paid_social", "spring-launch", 2],
  ["l.instagram.com", "https://l.instagram.com/", null, null, null, 3],
  ["l.instagram.com", "https://l.instagram.com/", "instagram", "social", "bio-link", 1],
  ["nextdoor.com", "https://nextdoor.com/", null, null, null, 2],
  ["linkedin.com", "https://www.linkedin.com/", null, null, null, 1],
  ["yelp.com", "https://www.yelp.com/", null, null, null, 1],
  ["chatgpt.com", "https://chatgpt.com/", "chatgpt.com", null, null, 1],
  [null, null, "newsletter", "email", "monthly-tips", 1.5],
  ["reddit.com", "https://www.reddit.com/", null, null, null, 0.5],
  ["providencejournal.com", "https://www.providencejournal.com/", null, null, null, 0.5],
];

const column = (i: 0 | 1 | 2 | 3 | 4) => new SqlList(CHANNELS.map((c) => c[i] ?? ""));

/** A channel is drawn by index; its columns are '' where the visit has none (nullif them). */
export const channels = {
  index: weighted(
    CHANNELS.map((c, i) => [i + 1, c[5]] as const),
    "int",
    1000,
  ),
  host: column(0),
  url: column(1),
  source: column(2),
  medium: column(3),
  campaign: column(4),
};
