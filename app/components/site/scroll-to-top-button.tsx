import { useEffect, useRef, useState } from "react";
import { ArrowUpIcon } from "~/components/ui/icons";
import { useCookieBannerSpace } from "./cookie-banner-space";

/** What the button must never cover: controls, a chat's messages, and text marked as needed (a Project ID). */
const NEEDED =
  "a[href], button, input, select, textarea, label, summary, [role='button'], [contenteditable], [role='log'] li, [data-keep-clear]";
const TYPING = "input, select, textarea, [contenteditable]";
/** Below the sm breakpoint: the layouts where the keyboard brings the field being typed in next to the button. */
const PHONE = "(max-width: 639px)";
/** The button's box and 4 px around it, read at 5 by 5 points: 13 px apart, closer than any control's size. */
const MARGIN_PX = 4;
const STEPS = 4;

/**
 * A link over three times the button's size both ways (a project card's picture) keeps most of
 * itself in sight and in reach with the button over one corner: it does not send the button away,
 * or on a phone's home page the button would hardly ever show. Fields and buttons always do.
 */
const LARGE_LINK = 3;

/**
 * Whether something the visitor needs is under the button's place: at each point, the topmost
 * element of the page below the button (the button and its place are passed over) is read with
 * elementsFromPoint, a hit test that costs no layout of its own.
 */
function coversSomething(place: DOMRect): boolean {
  const left = place.left - MARGIN_PX;
  const top = place.top - MARGIN_PX;
  const width = place.width + 2 * MARGIN_PX;
  const height = place.height + 2 * MARGIN_PX;
  const seen = new Set<Element>();
  for (let i = 0; i <= STEPS; i++) {
    for (let j = 0; j <= STEPS; j++) {
      const needed = document
        .elementsFromPoint(left + (width * i) / STEPS, top + (height * j) / STEPS)
        .find((element) => !element.closest("[data-scroll-to-top]"))
        ?.closest(NEEDED);
      if (!needed || seen.has(needed)) continue;
      seen.add(needed);
      const box = needed.getBoundingClientRect();
      const large = box.width > LARGE_LINK * place.width && box.height > LARGE_LINK * place.height;
      if (!(large && needed.matches("a[href]"))) return true;
    }
  }
  return false;
}

/**
 * Sits above the chat launcher; while the chat panel is open on the right it moves to the panel's
 * left. It steps aside while the visitor types in a field on a phone, and wherever a control or a
 * needed text (a chat's Send, answer buttons or messages, the confirmation's Project ID) is under
 * its place.
 * Stepped aside, the button is not rendered at all (no invisible button for assistive technology
 * or the keyboard to find); its place stays, an empty box that takes no clicks, so the button
 * comes back exactly where it was, and only once that place is known to be clear.
 */
export default function ScrollToTopButton({ threshold }: { threshold: number }) {
  const [shown, setShown] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  const bannerSpace = useCookieBannerSpace();
  useEffect(() => {
    const phone = window.matchMedia(PHONE);
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = place.current?.getBoundingClientRect();
      const typing = phone.matches && (document.activeElement?.matches(TYPING) ?? false);
      setShown(!!box && window.scrollY > threshold && !typing && !coversSomething(box));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // The first reading waits for the next frame: read in the middle of a render's effects, the
    // boxes would force a layout.
    soon();
    // Scrolling anywhere (a chat's log too), focus moving, the page or the keyboard resizing it,
    // content arriving or moving (a chat's new message, the cookie bar going, the chat panel).
    document.addEventListener("scroll", soon, { passive: true, capture: true });
    window.addEventListener("resize", soon);
    window.visualViewport?.addEventListener("resize", soon);
    document.addEventListener("focusin", soon);
    document.addEventListener("focusout", soon);
    const changes = new MutationObserver(soon);
    changes.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "style", "hidden", "open", "data-cookie-banner", "data-chat-open-right"],
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("scroll", soon, { capture: true });
      window.removeEventListener("resize", soon);
      window.visualViewport?.removeEventListener("resize", soon);
      document.removeEventListener("focusin", soon);
      document.removeEventListener("focusout", soon);
      changes.disconnect();
    };
  }, [threshold]);
  return (
    <div
      ref={place}
      data-scroll-to-top=""
      style={bannerSpace}
      className="pointer-events-none fixed bottom-24 right-5 z-30 size-11 [[data-cookie-banner]_&]:bottom-[calc(var(--cookie-banner-height)+6rem)] sm:[[data-chat-open-right]_&]:right-[26.5rem]"
    >
      {shown ? (
        <button
          type="button"
          onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
          className="pointer-events-auto flex size-11 items-center justify-center rounded-full bg-brand-800 text-white shadow-lg hover:bg-brand-900"
        >
          <ArrowUpIcon className="h-5 w-5" />
          <span className="sr-only">Scroll to top</span>
        </button>
      ) : null}
    </div>
  );
}
