import type { CSSProperties } from "react";
import { useTransitionStore } from "~/lib/transition-store";

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
  return () => void listeners.delete(listener);
}

const currentHeight = () => height;
const noHeight = () => 0;

/**
 * The banner's height in pixels, 0 while it does not show. Measured right after hydration; it renders
 * in a transition (useTransitionStore). A component mounted later (the chat panel) starts from the
 * measured height.
 */
export function useCookieBannerHeight(): number {
  return useTransitionStore(subscribe, currentHeight, noHeight);
}

/**
 * The style that gives an element the banner's height, or nothing while no banner shows. Until the
 * height is measured, app.css lifts the launcher by the bar's usual height.
 */
export function useCookieBannerSpace(): CSSProperties | undefined {
  const current = useCookieBannerHeight();
  return current ? ({ "--cookie-banner-height": `${current}px` } as CSSProperties) : undefined;
}
