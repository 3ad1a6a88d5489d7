/**
 * The kinds and statuses of a post, and how its tags are read: the values both the zod-free readers
 * (app/contracts/post-content.ts) and the schemas (app/contracts/posts.ts) build on.
 */
export const POST_STATUSES = ["draft", "published", "archived"] as const;

export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_TYPES = ["blog", "portfolio", "case_study"] as const;

export type PostType = (typeof POST_TYPES)[number];

/** Tags arrive as a JSON array string or a comma list; either way: trimmed, non-empty, unique. */
export function parseTags(raw: string | readonly string[] | null | undefined): string[] {
  if (!raw) return [];
  let list: unknown[] = [];
  if (Array.isArray(raw)) list = raw as unknown[];
  else {
    const text = String(raw).trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) list = parsed;
      } catch {
        list = text.replace(/^\[|\]$/g, "").split(",");
      }
    } else list = text.split(",");
  }
  const out: string[] = [];
  for (const item of list) {
    const tag = String(item ?? "")
      .trim()
      .replace(/^["']|["']$/g, "")
      .trim();
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out;
}
