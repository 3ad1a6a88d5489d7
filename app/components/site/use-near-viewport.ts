import { useEffect, useState, type RefObject } from "react";
import { whenIdle } from "~/lib/when-idle";

/**
 * True once `box` comes within `rootMargin` of the viewport, and from then on. Nothing is
 * watched before the page has loaded and the browser is idle, so what waits on it (a live
 * preview in a frame) never competes with the page's own first paint and scripts.
 */
export function useNearViewport(box: RefObject<HTMLElement | null>, rootMargin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = box.current;
    if (!node || near) return;
    let observer: IntersectionObserver | undefined;
    let cancelIdle: (() => void) | undefined;
    const watch = () => {
      if (typeof IntersectionObserver === "undefined") return setNear(true);
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer?.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(node);
    };
    const watchWhenIdle = () => {
      cancelIdle = whenIdle(watch);
    };
    if (document.readyState === "complete") watchWhenIdle();
    else window.addEventListener("load", watchWhenIdle, { once: true });
    return () => {
      window.removeEventListener("load", watchWhenIdle);
      cancelIdle?.();
      observer?.disconnect();
    };
  }, [box, rootMargin, near]);
  return near;
}
