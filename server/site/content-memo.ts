import type { ContentReader } from "~/lib/content/load-context";
import type { PostList } from "~/contracts/post-content";

/** Distinct post lists kept (filters come from loaders: a few types, a few pages). */
const LIST_LIMIT = 50;

/**
 * The pages' content reader with its lists kept until `clear()` (a content
 * change). Until then every loader gets the same list object, so work derived
 * from it (the search index of app/lib/site-search.server.ts) is done once per
 * content change, not per request. Single posts are read as before.
 */
export function memoizedContent(content: ContentReader): ContentReader & { clear(): void } {
  const lists = new Map<string, Promise<PostList>>();
  return {
    listPublished(filter) {
      const key = `${[filter.postType ?? "all"].flat().join(",")}:${filter.limit}:${filter.offset}`;
      const known = lists.get(key);
      if (known) return known;
      const loading = content.listPublished(filter);
      if (lists.size >= LIST_LIMIT) lists.delete(lists.keys().next().value!);
      lists.set(key, loading);
      // A failed read is not kept: the next request tries again.
      loading.catch(() => {
        if (lists.get(key) === loading) lists.delete(key);
      });
      return loading;
    },
    findPublished: (slug) => content.findPublished(slug),
    clear: () => lists.clear(),
  };
}
