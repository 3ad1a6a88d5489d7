import { useEffect, useRef, useState } from "react";
import { ArrowUpIcon } from "~/components/ui/icons";
import { useCookieBannerSpace } from "./cookie-banner-space";

/** What the button must never cover: controls, and text marked as needed (a Project ID). */
const NEEDED = "a[href], button, input, select, textarea, label, [role='button'], [contenteditable], [data-keep-clear]";
const TYPING = "input, select, textarea, [contenteditable]";
/** Below the sm breakpoint: the layouts where the button shares the screen's bottom with the fields. */
const PHONE = typeof window === "undefined" ? { matches: false } : window.matchMedia("(max-width: 639px)");

/**
 * Whether the page has something the visitor needs under the button's place: a few points of
 * its box, read with elementsFromPoint (the button itself and what is only a background are
 * passed over).
 */
function coversSomething(button: DOMRect): boolean {
  const inset = 4;
  const points = [
    [button.left + button.width / 2, button.top + button.height / 2],
    [button.left + inset, button.top + inset],
    [button.right - inset, button.top + inset],
    [button.left + inset, button.bottom - inset],
    [button.right - inset, button.bottom - inset],
  ] as const;
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((el) => !el.closest("[data-scroll-to-top]") && el.closest(NEEDED) !== null),
  );
}

/**
 * Sits above the chat launcher; while the chat panel is open on the right it moves to the panel's
 * left. It steps aside (is not drawn) while the visitor types in a field on a phone, where the
 * keyboard brings the field next to it, and whenever a control or a needed text (a chat's Send
 * or answer buttons, the confirmation's Project ID) is under its place.
 */
export default function ScrollToTopButton({ threshold }: { threshold: number }) {
  const [scrolled, setScrolled] = useState(false);
  // Drawn only once its place is known to be clear (invisible until then: no flash over a control).
  const [clear, setClear] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const bannerSpace = useCookieBannerSpace();
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolled(window.scrollY > threshold);
      const button = ref.current;
      if (!button) return;
      // On a phone the keyboard brings the field being typed in next to the button's corner.
      const typing = PHONE.matches && (document.activeElement?.matches(TYPING) ?? false);
      setClear(!typing && !coversSomething(button.getBoundingClientRect()));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // The first reading waits for the next frame: read during hydration's effects, scrollY would
    // force a layout of the page in the middle of them.
    soon();
    // Scrolling anywhere (a chat's log too), focus moving, the page changing size or content.
    document.addEventListener("scroll", soon, { passive: true, capture: true });
    window.addEventListener("resize", soon);
    document.addEventListener("focusin", soon);
    document.addEventListener("focusout", soon);
    const changes = new MutationObserver(soon);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("scroll", soon, { capture: true });
      window.removeEventListener("resize", soon);
      document.removeEventListener("focusin", soon);
      document.removeEventListener("focusout", soon);
      changes.disconnect();
    };
  }, [threshold]);
  if (!scrolled) return null;
  return (
    <button
      ref={ref}
      type="button"
      data-scroll-to-top=""
      // Stepped aside: out of sight, of the keyboard's way and of assistive technology.
      aria-hidden={clear ? undefined : true}
      tabIndex={clear ? undefined : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      style={bannerSpace}
      className={`fixed bottom-24 right-5 z-30 rounded-full [[data-cookie-banner]_&]:bottom-[calc(var(--cookie-banner-height)+6rem)] sm:[[data-chat-open-right]_&]:right-[26.5rem] bg-brand-800 p-3 text-white shadow-lg hover:bg-brand-900 ${
        clear ? "" : "invisible"
      }`}
    >
      <ArrowUpIcon className="h-5 w-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
