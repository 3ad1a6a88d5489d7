import { site } from "~/config/site";
import { serializePortfolioContent } from "~/contracts/post-content";
import { BUSINESS_TYPES, COMPANY_WORDS } from "./business";
import type { SeedContext } from "./context";
import { BLOG_TOPICS, BLOG_TRADES, TECH_STACKS } from "./post-texts";
import { lit } from "./sql";
import { TOWNS } from "./words";

/**
 * Blog posts and portfolio entries beside the shipped ones (content/, loaded first): a few
 * dozen rows, so they are written from TypeScript with a seeded generator. A slug already
 * taken (a shipped post, an earlier seed) is never reused.
 */

/** mulberry32: a small deterministic generator for the few rows made here. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const DAY_MS = 86_400_000;

interface PostRow {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: "published" | "draft" | "archived";
  postType: "blog" | "portfolio";
  tags: string;
  publishedAt: Date | null;
  viewCount: number;
}

export async function seedPosts(ctx: SeedContext, counts: { blog: number; portfolio: number }): Promise<number> {
  const random = generator(ctx.run * 7919 + 17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const taken = new Set((await ctx.exec("select slug from posts")).rows.map((row) => String(row.slug)));
  const towns = [...new Set(TOWNS.map(([town]) => town))];
  const rows: PostRow[] = [];
  // published_at spread over the two years, oldest first, one post every few weeks
  const dateOf = (n: number, of: number) =>
    new Date(ctx.now.getTime() - Math.floor(((of - n - random()) / of) * 720 + 3) * DAY_MS);

  for (let n = 0, tries = 0; n < counts.blog && tries < counts.blog * 50; tries++) {
    const topic = pick(BLOG_TOPICS);
    const trade = pick(BLOG_TRADES);
    const town = pick(towns);
    const fill = (text: string) =>
      text.replaceAll("{Trade}", capitalize(trade)).replaceAll("{trade}", trade).replaceAll("{town}", town);
    const title = capitalize(fill(topic.title));
    const slug = slugify(title);
    if (taken.has(slug)) continue;
    taken.add(slug);
    const roll = random();
    const status = roll < 0.85 ? "published" : roll < 0.95 ? "draft" : "archived";
    const publishedAt = status === "draft" ? null : dateOf(n, counts.blog);
    const body = [
      fill(topic.excerpt),
      ...topic.sections.map(([heading, text]) => `## ${heading}\n\n${fill(text)}`),
      `Want a hand with yours? [Start a project](/start-project) or call ${site.phone.display}.`,
    ];
    rows.push({
      title,
      slug,
      content: body.join("\n\n"),
      excerpt: fill(topic.excerpt),
      status,
      postType: "blog",
      tags: [...topic.tags, town].join(","),
      publishedAt,
      viewCount: publishedAt ? Math.floor(((ctx.now.getTime() - publishedAt.getTime()) / DAY_MS) * random() * 4) : 0,
    });
    n++;
  }

  for (let n = 0, tries = 0; n < counts.portfolio && tries < counts.portfolio * 50; tries++) {
    const type = pick(BUSINESS_TYPES);
    const town = pick(towns);
    const title = `${pick(COMPANY_WORDS)} ${pick(type.nouns)}`;
    const slug = slugify(title);
    if (taken.has(slug)) continue;
    taken.add(slug);
    const kind = type.label.toLowerCase();
    const description = [
      `**Built for a ${kind} business in ${town}.** ${title} had a Facebook page and a phone number, and customers kept asking the same questions by phone.`,
      `## What the site does\n\nThe home page answers what, where and when in the first screen, with a one-tap call button. A short request form sends the details ${site.owner.firstName} set up with the owner.`,
      `## The result\n\nFewer calls about hours and prices, more calls about work.`,
    ].join("\n\n");
    const publishedAt = dateOf(n, counts.portfolio);
    rows.push({
      title,
      slug,
      content: serializePortfolioContent({
        description,
        live_url: "",
        github_url: "",
        tech_stack: [...pick(TECH_STACKS)],
        featured: false,
      }),
      excerpt: `A website for a ${kind} business in ${town}: services, photos and a one-tap call button.`,
      status: "published",
      postType: "portfolio",
      tags: [type.label, town].join(","),
      publishedAt,
      viewCount: Math.floor(((ctx.now.getTime() - publishedAt.getTime()) / DAY_MS) * random()),
    });
    n++;
  }
  if (rows.length === 0) return 0;

  const values = rows.map((row) => {
    const published = row.publishedAt ? `${lit(row.publishedAt.toISOString())}::timestamptz` : "null";
    const created = row.publishedAt
      ? `${published} - interval '2 days'`
      : `${lit(ctx.now.toISOString())}::timestamptz - interval '5 days'`;
    return `(${[row.title, row.slug, row.content, row.excerpt, row.status, row.postType, row.tags].map(lit).join(", ")},
      ${published}, ${created}, ${created}, ${row.viewCount})`;
  });
  const { rowCount } = await ctx.exec(`insert into posts (title, slug, content, excerpt, status, post_type, tags,
      published_at, created_at, updated_at, view_count)
    values ${values.join(",\n")} on conflict do nothing`);
  return rowCount ?? 0;
}
