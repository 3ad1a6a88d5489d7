import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

/** What the owner does that ends the anchoring: from then on the page is where they put it. */
const OWN_MOVES = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
/** Long enough for the sections above to load on a slow phone. */
const ANCHOR_MS = 3_000;

/**
 * Brings the section into view on each arrival at its hash (also from this page's own link: a new
 * location object each time), and keeps it there while the sections above it are still loading
 * and growing: on a phone, a section near the end was scrolled to and then pushed out of sight.
 */
export function useHashAnchor(ref: RefObject<HTMLElement | null>, id: string): void {
  const location = useLocation();
  useEffect(() => {
    const node = ref.current;
    if (location.hash !== `#${id}` || !node) return;
    node.scrollIntoView({ block: "start" });
    const observer = new ResizeObserver(() => node.scrollIntoView({ block: "start" }));
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const type of OWN_MOVES) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, ANCHOR_MS);
    for (const type of OWN_MOVES) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [location, id, ref]);
}
