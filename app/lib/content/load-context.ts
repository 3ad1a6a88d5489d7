import type { PostType } from "~/contracts/post-kinds";
import type { Post, PostList } from "~/contracts/post-content";

/**
 * What the server hands to route loaders (React Router's load context): the
 * request's CSP nonce and read access to published content. Pages read posts
 * through this, never through HTTP to themselves.
 */
export interface ContentReader {
  /** One type, or several (the case studies: portfolio entries and case_study posts). */
  listPublished(filter: {
    postType?: PostType | readonly PostType[];
    limit: number;
    offset: number;
  }): Promise<PostList>;
  findPublished(slug: string): Promise<Post | undefined>;
}

export type SiteLoadContext = {
  cspNonce: string;
  content?: ContentReader;
};

/** The content reader of a loader's context; pages that need posts fail loudly without one. */
export function contentOf(context: unknown): ContentReader {
  const content = (context as SiteLoadContext | undefined)?.content;
  if (!content) throw new Error("No content reader in the load context (the server passes one)");
  return content;
}

declare module "react-router" {
  // The server's load context, typed for every loader.
  interface AppLoadContext {
    cspNonce: string;
    content?: ContentReader;
  }
}
