import type { z } from "zod";
import type { QueryOf } from "~/contracts/endpoint";
import { POSTS_PATH } from "~/contracts/public-paths";
import type { postsEndpoints } from "~/contracts/posts";
import type { PortfolioCardPostSchema } from "~/contracts/posts";
import { toProjectCard, type ProjectCard } from "~/contracts/post-content";

/**
 * Where the home page's Featured Projects come from (docs/product/portfolio-and-demos.md
 * "Featured projects"): GET /api/posts?post_type=portfolio in the browser, kept in localStorage
 * under featuredProjects_v1 as { savedAt, posts }. A valid cache shows at once; one older than 10
 * minutes is refreshed in the background; a malformed one is ignored (docs/product/errors.md
 * "Public site").
 */
export const FEATURED_PROJECTS_LIMIT = 3;
export const FEATURED_CACHE_KEY = "featuredProjects_v1";
export const FEATURED_CACHE_MAX_AGE_MS = 10 * 60_000;
/** Enough to find the featured ones among all published projects. */
const PORTFOLIO_QUERY = { post_type: "portfolio", limit: 100 } satisfies QueryOf<typeof postsEndpoints.publicList>;
// Written out rather than with call()'s queryString: the home page's first load stays without that module.
export const PORTFOLIO_URL = `${POSTS_PATH}?${new URLSearchParams({ ...PORTFOLIO_QUERY, limit: String(PORTFOLIO_QUERY.limit) })}`;

/** The fields a card needs, and all the cache keeps (PortfolioCardPostSchema). */
export type PortfolioPost = z.infer<typeof PortfolioCardPostSchema>;

export interface FeaturedCache {
  savedAt: number;
  posts: PortfolioPost[];
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const isText = (value: unknown): value is string => typeof value === "string";
const isNullableText = (value: unknown) => value === null || value === undefined || typeof value === "string";

function toPortfolioPost(value: unknown): PortfolioPost | undefined {
  if (!value || typeof value !== "object") return undefined;
  const post = value as Record<string, unknown>;
  if (!isText(post.slug) || !post.slug || !isText(post.title)) return undefined;
  if (![post.excerpt, post.content, post.featured_image, post.tags].every(isNullableText)) return undefined;
  return {
    slug: post.slug,
    title: post.title,
    excerpt: (post.excerpt as string | null | undefined) ?? null,
    content: (post.content as string | undefined) ?? "",
    featured_image: (post.featured_image as string | null | undefined) ?? null,
    tags: (post.tags as string | null | undefined) ?? null,
  };
}

/** The posts of an answer or of the stored cache, checked by hand (no schema library on the home page). */
export function postsOf(answer: unknown): PortfolioPost[] | undefined {
  const list = (answer as { posts?: unknown } | null)?.posts;
  if (!Array.isArray(list)) return undefined;
  const posts = list.map(toPortfolioPost);
  return posts.every((post): post is PortfolioPost => !!post) ? posts : undefined;
}

/** The stored list when it is well formed; malformed or unreadable storage counts as no cache. */
export function readFeaturedCache(storage: StorageLike | undefined): FeaturedCache | undefined {
  try {
    const raw = storage?.getItem(FEATURED_CACHE_KEY);
    if (!raw) return undefined;
    const data = JSON.parse(raw) as { savedAt?: unknown; posts?: unknown } | null;
    const savedAt = data?.savedAt;
    if (typeof savedAt !== "number" || !Number.isFinite(savedAt)) return undefined;
    const posts = postsOf(data);
    return posts ? { savedAt, posts } : undefined;
  } catch {
    return undefined;
  }
}

export function writeFeaturedCache(storage: StorageLike | undefined, posts: PortfolioPost[], now = Date.now()) {
  try {
    storage?.setItem(FEATURED_CACHE_KEY, JSON.stringify({ savedAt: now, posts } satisfies FeaturedCache));
  } catch {
    // Full or blocked storage: the list simply is not cached.
  }
}

export const isStale = (cache: FeaturedCache, now = Date.now()) =>
  now - cache.savedAt > FEATURED_CACHE_MAX_AGE_MS || cache.savedAt > now + 60_000;

/**
 * The portfolio from the API, checked by hand like the cache (zod stays off the home page
 * altogether); a non-OK answer fails with 'API returned {status}'
 * (docs/product/portfolio-and-demos.md "Featured projects").
 */
export async function fetchPortfolio(fetcher: typeof fetch = fetch): Promise<PortfolioPost[]> {
  const res = await fetcher(PORTFOLIO_URL, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`API returned ${res.status}`);
  const posts = postsOf(await res.json());
  if (!posts) throw new Error("The projects list came back in an unexpected shape");
  return posts;
}

/**
 * Featured cards first, then the rest, in their original order, up to `limit`.
 * When nothing is flagged featured this is simply the first `limit` cards.
 */
export function pickFeatured(cards: readonly ProjectCard[], limit = FEATURED_PROJECTS_LIMIT): ProjectCard[] {
  const featured = cards.filter((card) => card.featured);
  const others = cards.filter((card) => !card.featured);
  return [...featured, ...others].slice(0, Math.max(0, limit));
}

export const featuredCards = (posts: readonly PortfolioPost[], limit = FEATURED_PROJECTS_LIMIT) =>
  pickFeatured(posts.map(toProjectCard), limit);
