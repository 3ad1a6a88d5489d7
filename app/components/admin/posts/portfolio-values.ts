import { PostInputSchema, type PostInput } from "~/contracts/posts";
import type { PostStatus } from "~/contracts/post-kinds";
import { parsePortfolioContent, serializePortfolioContent, type Post } from "~/contracts/post-content";
import { fieldErrors } from "~/lib/validation";
import { isLinkValue, LINK_ERROR, matchesSearch, splitList } from "./form-rules";

/** The portfolio form's fields (docs/product/posts-and-portfolio.md "Portfolio form", "Portfolio project"). */
export type PortfolioFormValues = {
  title: string;
  slug: string;
  live_url: string;
  github_url: string;
  /** Comma separated in the form; a list in the stored content. */
  tech_stack: string;
  status: PostStatus;
  featured: boolean;
  featured_image: string;
  excerpt: string;
  seo_title: string;
  seo_description: string;
  description: string;
};

/** New portfolio projects default to published (docs/product/posts-and-portfolio.md "Post and portfolio status"). */
export const EMPTY_PROJECT: PortfolioFormValues = {
  title: "",
  slug: "",
  live_url: "",
  github_url: "",
  tech_stack: "",
  status: "published",
  featured: false,
  featured_image: "",
  excerpt: "",
  seo_title: "",
  seo_description: "",
  description: "",
};

export function portfolioFormValues(post: Post): PortfolioFormValues {
  const content = parsePortfolioContent(post.content);
  return {
    title: post.title,
    slug: post.slug,
    live_url: content.live_url,
    github_url: content.github_url,
    tech_stack: content.tech_stack.join(", "),
    status: post.status,
    featured: content.featured,
    featured_image: post.featured_image ?? "",
    excerpt: post.excerpt ?? "",
    seo_title: post.seo_title ?? "",
    seo_description: post.seo_description ?? "",
    description: content.description,
  };
}

/**
 * The payload: post_type portfolio and the serialized content (docs/product/posts-and-portfolio.md
 * "The calls"). The form has no tags field, so a project's existing tags are sent back unchanged.
 */
export function portfolioInput(values: PortfolioFormValues, tags: string | null): PostInput {
  const { live_url, github_url, tech_stack, featured, description, ...rest } = values;
  return {
    ...rest,
    post_type: "portfolio",
    tags,
    content: serializePortfolioContent({
      description,
      live_url,
      github_url,
      tech_stack: splitList(tech_stack),
      featured,
    }),
  };
}

/**
 * docs/product/posts-and-portfolio.md "Portfolio form": title and project description required; the
 * links URL-typed.
 */
export function checkProject(
  values: PortfolioFormValues,
  tags: string | null,
): { input: PostInput } | { errors: Record<string, string> } {
  const input = portfolioInput(values, tags);
  const result = PostInputSchema.safeParse(input);
  const errors = result.success ? {} : fieldErrors(result.error, { rename: { content: "description" } });
  if (!values.description.trim()) errors.description = "Project description is required";
  if (!isLinkValue(values.live_url)) errors.live_url = LINK_ERROR;
  if (!isLinkValue(values.github_url)) errors.github_url = LINK_ERROR;
  return Object.keys(errors).length ? { errors } : { input };
}

/**
 * docs/product/posts-and-portfolio.md "Portfolio manager": the search covers title, slug,
 * description and tech stack.
 */
export function projectMatches(post: Post, query: string) {
  const content = parsePortfolioContent(post.content);
  return matchesSearch(query, [post.title, post.slug, content.description, content.tech_stack.join(" ")]);
}
