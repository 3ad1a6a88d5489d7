import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { POST_VIEW_PATH } from "~/contracts/public-paths";
import type { ViewCountAnswerSchema } from "~/contracts/posts";

/**
 * True when the answer of POST /api/posts/{slug}/view (ViewCountAnswerSchema) says this visit was
 * counted. Read by hand: two fields do not justify loading the schema library on every post.
 */
export function countedView(answer: unknown): boolean {
  if (!answer || typeof answer !== "object") return false;
  const { success, counted } = answer as Partial<Record<keyof z.infer<typeof ViewCountAnswerSchema>, unknown>>;
  return success === true && counted === true;
}

/**
 * Counts one view of a post after hydration: a fire-and-forget POST /api/posts/{slug}/view
 * (docs/product/blog.md "View counts"). Returns the count to show, one more than the rendered one
 * once this visit was counted.
 */
export function useCountView(slug: string, rendered: number): number {
  const [counted, setCounted] = useState<string | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per post shown (a ref survives React's development double effects).
    if (sent.current === slug) return;
    sent.current = slug;
    // By hand rather than call(): keepalive, and neither the caller nor the schema library
    // loaded for it (the slug filled as fillPath does, one encoded value).
    fetch(POST_VIEW_PATH.replace("{slug}", encodeURIComponent(slug)), { method: "POST", keepalive: true })
      .then(async (res) => {
        if (!res.ok) return;
        if (countedView(await res.json())) setCounted(slug);
      })
      .catch(() => {
        // A view that could not be counted changes nothing for the reader.
      });
  }, [slug]);

  return rendered + (counted === slug ? 1 : 0);
}
