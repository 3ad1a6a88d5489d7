import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/** docs/product/site-pages.md "Global behaviour": the button appears after scrolling more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

/** The button and its care not to cover a control: a chunk fetched once the visitor has scrolled. */
const Button = lazy<ComponentType<{ threshold: number }>>(() =>
  // The chunk is gone (offline, or a new deploy): no button rather than an error.
  import("./scroll-to-top-button").catch(() => ({ default: () => null })),
);

/**
 * The scroll-to-top button (scroll-to-top-button.tsx), kept out of every page's first load: this
 * part only waits for the first scroll past the threshold.
 */
export function ScrollToTopButton() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const onScroll = () => window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX && setWanted(true);
    // The first reading waits for the next frame: read during hydration's effects, scrollY would
    // force a layout of the page in the middle of them.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Button threshold={SCROLL_TO_TOP_THRESHOLD_PX} />
    </Suspense>
  ) : null;
}
