import { useSyncExternalStore, type CSSProperties } from "react";

/**
 * The height of the cookie banner while it shows (0 when it does not). The elements fixed to the
 * bottom of a phone's screen (the chat launcher, the scroll-to-top button) stand above it: each
 * takes `--cookie-banner-height` in its own style. Set on <html>, the variable would be inherited
 * by every element, and each change would restyle the whole page.
 */
let height = 0;
const listeners = new Set<() => void>();

export function setCookieBannerHeight(next: number) {
  if (next === height) return;
  height = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The style that gives an element the banner's height, or nothing while no banner shows. */
export function useCookieBannerSpace(): CSSProperties | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => height,
    () => 0,
  );
  return current ? ({ "--cookie-banner-height": `${current}px` } as CSSProperties) : undefined;
}
