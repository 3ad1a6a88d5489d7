import { site } from "~/config/site";
import { groupThousands } from "~/lib/number-format";

/** "March 4, 2026", in the business's time zone so server and browser agree. */
export function formatPostDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  postDates ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: site.timeZone,
  });
  return postDates.format(date);
}
/** One formatter for every date on the page (toLocaleDateString would build one per call). */
let postDates: Intl.DateTimeFormat | undefined;

export const readingTimeLabel = (minutes: number) => `${minutes} min read`;

/** Fewer views than this read as an empty room, not as proof: no count is shown. */
export const VIEW_COUNT_SHOWN_FROM = 50;

/** '1,204 views', or null below VIEW_COUNT_SHOWN_FROM. */
export const viewsLabel = (views: number) => (views >= VIEW_COUNT_SHOWN_FROM ? `${groupThousands(views)} views` : null);

/** docs/product/blog.md "The blog list": blog cards show at most 3 tags. */
export const BLOG_CARD_TAGS = 3;
/** docs/product/blog.md "The blog list": blog page size 10. */
export const BLOG_PAGE_SIZE = 10;

/** The lists of /blog: articles (the default), or case studies (?type=case-studies). */
export type BlogFilter = "articles" | "case-studies";
export const BLOG_FILTERS: readonly BlogFilter[] = ["articles", "case-studies"];

/** ?type=: "case-studies", else the articles. */
export const parseBlogFilter = (value: string | null): BlogFilter =>
  value?.trim() === "case-studies" ? "case-studies" : "articles";

export function blogPath(page: number, filter: BlogFilter = "articles"): string {
  const query = new URLSearchParams();
  if (filter !== "articles") query.set("type", filter);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/blog?${search}` : "/blog";
}
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
