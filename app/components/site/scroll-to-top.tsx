import { useEffect, useState } from "react";
import { ArrowUpIcon } from "~/components/ui/icons";
import { useCookieBannerSpace } from "./cookie-banner-space";

/** public-site spec 9: the button appears after scrolling more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

/** Sits above the chat launcher; while the chat panel is open on the right it moves to the panel's left. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  const bannerSpace = useCookieBannerSpace();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    // The first reading waits for the next frame: read during hydration's effects, scrollY would
    // force a layout of the page in the middle of them.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      style={bannerSpace}
      className="fixed bottom-24 right-5 z-30 rounded-full [[data-cookie-banner]_&]:bottom-[calc(var(--cookie-banner-height)+6rem)] sm:[[data-chat-open-right]_&]:right-[26.5rem] bg-brand-800 p-3 text-white shadow-lg hover:bg-brand-900"
    >
      <ArrowUpIcon className="h-5 w-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
