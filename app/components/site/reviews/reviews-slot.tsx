import { useEffect, useState, type ComponentProps, type ComponentType } from "react";
import type { ClientReviews as Reviews } from "./client-reviews";

type ReviewsProps = ComponentProps<typeof Reviews>;

/**
 * Approved client reviews as a chunk of their own, fetched once the page runs: nothing of them is
 * in the prerendered HTML (they are read from GET /api/reviews), so the page's first load carries
 * none of their code. A chunk that cannot load leaves the page as it is: reviews are a bonus here.
 */
export function ClientReviews(props: ReviewsProps) {
  const [Loaded, setLoaded] = useState<ComponentType<ReviewsProps> | null>(null);
  useEffect(() => {
    import("./client-reviews").then(
      (m) => setLoaded(() => m.ClientReviews),
      () => {},
    );
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}
