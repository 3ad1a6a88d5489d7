import type { z } from "zod";
import type { PortfolioContentSchema, PostListSchema, PostSchema } from "~/contracts/posts";
import { parseTags } from "~/contracts/post-kinds";

/** The post as the API answers it; the schema is app/contracts/posts.ts. */
export type Post = z.infer<typeof PostSchema>;

/** GET /api/posts */
export type PostList = z.infer<typeof PostListSchema>;

/** The portfolio's serialized content (docs/product/posts-and-portfolio.md "Portfolio project"). */
export type PortfolioContent = z.infer<typeof PortfolioContentSchema>;

/** The markdown of a post's write-up: a portfolio entry keeps it as its content's description. */
export const postMarkdown = (post: Pick<Post, "post_type" | "content">): string =>
  post.post_type === "portfolio" ? parsePortfolioContent(post.content).description : post.content;

/** Reads portfolio content; text that is not the serialized object becomes the description. */
export function parsePortfolioContent(content: string | null | undefined): PortfolioContent {
  const empty: PortfolioContent = { description: "", live_url: "", github_url: "", tech_stack: [], featured: false };
  const text = (content ?? "").trim();
  if (!text) return empty;
  if (text.startsWith("{")) {
    try {
      const data = JSON.parse(text) as Record<string, unknown>;
      if (data && typeof data === "object" && !Array.isArray(data)) {
        const stack = Array.isArray(data.tech_stack)
          ? data.tech_stack
          : typeof data.tech_stack === "string"
            ? data.tech_stack.split(",")
            : [];
        return {
          description: typeof data.description === "string" ? data.description : "",
          live_url: typeof data.live_url === "string" ? data.live_url.trim() : "",
          github_url: typeof data.github_url === "string" ? data.github_url.trim() : "",
          tech_stack: stack.map((s) => String(s ?? "").trim()).filter(Boolean),
          featured: data.featured === true || data.featured === "true",
        };
      }
    } catch {
      // Malformed: treated as a plain description below (docs/product/portfolio-and-demos.md "Project card").
    }
  }
  return { ...empty, description: text };
}

export function serializePortfolioContent(content: PortfolioContent): string {
  return JSON.stringify({
    description: content.description,
    live_url: content.live_url.trim(),
    github_url: content.github_url.trim(),
    tech_stack: content.tech_stack.map((s) => s.trim()).filter(Boolean),
    featured: content.featured,
  });
}

export const PLACEHOLDER_IMAGE = "/images/project-placeholder.svg";

/** featured_image: absolute, root-relative, or a bare file name under /assets/images/projects/. */
export function resolveFeaturedImage(value: string | null | undefined): string {
  const v = (value ?? "").trim();
  if (!v) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(v) || v.startsWith("/")) return v;
  if (/^[\w.-]+$/.test(v)) return `/assets/images/projects/${v}`;
  return PLACEHOLDER_IMAGE;
}

/**
 * docs/product/posts-and-portfolio.md "Slug rule": lowercase; letters, digits, spaces and hyphens;
 * spaces to hyphens; no repeats.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** docs/product/portfolio-and-demos.md "Project card" */
export interface ProjectCard {
  id: string;
  title: string;
  /** What the gallery shows: the excerpt, else the description's first paragraph. */
  summary: string;
  imageUrl: string;
  live: string;
  featured: boolean;
  tags: string[];
}

/**
 * Light markdown-to-text for cards (no HTML parser in the browser bundle):
 * headings, emphasis, code marks, images and link syntax go; their text stays.
 */
export function stripMarkdown(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-*+]|\d+\.)[ \t]+/gm, "")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/^[ \t]*([-*_][ \t]*){3,}$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The first paragraph of markdown that is not a heading, as text. */
const firstParagraph = (markdown: string) =>
  stripMarkdown(markdown.split(/\n\s*\n/).find((block) => block.trim() && !/^\s*#/.test(block)) ?? "");

export function toProjectCard(
  post: Pick<Post, "slug" | "title" | "content" | "excerpt" | "featured_image" | "tags">,
): ProjectCard {
  const content = parsePortfolioContent(post.content);
  return {
    id: post.slug,
    title: post.title,
    summary: post.excerpt?.trim() || firstParagraph(content.description),
    imageUrl: resolveFeaturedImage(post.featured_image),
    live: content.live_url,
    featured: content.featured,
    tags: content.tech_stack.length ? content.tech_stack : parseTags(post.tags),
  };
}

/** Reading time: words / 200, rounded up (docs/product/posts-and-portfolio.md "Markdown editor"). */
export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

export const minutesToRead = (text: string) => Math.max(1, Math.ceil(countWords(text) / 200));
