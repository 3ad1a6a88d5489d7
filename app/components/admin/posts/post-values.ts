import { PostInputSchema, type PostInput } from "~/contracts/posts";
import { parseTags, type PostStatus, type PostType } from "~/contracts/post-kinds";
import type { Post } from "~/contracts/post-content";
import { fieldErrors } from "~/lib/validation";
import { matchesSearch } from "./form-rules";

/** The post form's fields (docs/product/posts-and-portfolio.md "Post form"), all kept in its draft. */
export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  featured_image: string;
  status: PostStatus;
  post_type: PostType;
  seo_title: string;
  seo_description: string;
  tags: string;
  content: string;
};

/** New posts default to draft (docs/product/posts-and-portfolio.md "Post and portfolio status"). */
export const EMPTY_POST: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  featured_image: "",
  status: "draft",
  post_type: "blog",
  seo_title: "",
  seo_description: "",
  tags: "",
  content: "",
};

export const postFormValues = (post: Post): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt ?? "",
  featured_image: post.featured_image ?? "",
  status: post.status,
  post_type: post.post_type,
  seo_title: post.seo_title ?? "",
  seo_description: post.seo_description ?? "",
  tags: parseTags(post.tags).join(", "),
  content: post.content,
});

/** Checked with the schema the API uses; the payload is what POST/PUT /api/admin/posts take. */
export function checkPost(values: PostFormValues): { input: PostInput } | { errors: Record<string, string> } {
  const result = PostInputSchema.safeParse(values);
  return result.success ? { input: values } : { errors: fieldErrors(result.error) };
}

/** docs/product/posts-and-portfolio.md "Post manager": the post search covers title, slug, excerpt and tags. */
export const postMatches = (post: Post, query: string) =>
  matchesSearch(query, [post.title, post.slug, post.excerpt, post.tags]);
