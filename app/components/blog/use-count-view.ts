import { useEffect, useRef, useState } from "react";

/**
 * Counts one view of a post after hydration: a fire-and-forget POST
 * /api/posts/{slug}/view (public-site spec 7). Returns the count to show,
 * one more than the rendered one once this visit was counted.
 */
export function useCountView(slug: string, rendered: number): number {
  const [counted, setCounted] = useState<string | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per post shown (a ref survives React's development double effects).
    if (sent.current === slug) return;
    sent.current = slug;
    fetch(`/api/posts/${encodeURIComponent(slug)}/view`, { method: "POST", keepalive: true })
      .then(async (res) => {
        if (!res.ok) return;
        const body: unknown = await res.json();
        // The answer's schema, loaded with the answer: zod stays out of the page's first load.
        const { ViewCountAnswerSchema } = await import("~/lib/content/post-schema");
        if (ViewCountAnswerSchema.safeParse(body).data?.counted) setCounted(slug);
      })
      .catch(() => {
        // A view that could not be counted changes nothing for the reader.
      });
  }, [slug]);

  return rendered + (counted === slug ? 1 : 0);
}
