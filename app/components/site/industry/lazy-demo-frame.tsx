import { useRef, useState } from "react";
import { useNearViewport } from "../use-near-viewport";

interface LazyDemoFrameProps {
  url: string;
  /** Descriptive title of the frame for screen readers. */
  title: string;
  /**
   * How far below the viewport the frame starts loading (docs/product/landing-pages.md
   * "Industry pages": never on first paint).
   */
  rootMargin?: string;
}

/**
 * A live demo site in an iframe that costs nothing on first paint: the box has
 * a fixed height (no layout shift) and the iframe is only created once the
 * box comes within `rootMargin` of the viewport.
 */
export function LazyDemoFrame({ url, title, rootMargin = "250px 0px" }: LazyDemoFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const src = useNearViewport(box, rootMargin) ? url : undefined;
  const [loaded, setLoaded] = useState(false);

  return (
    <div ref={box} className="relative h-[560px] bg-slate-50 sm:h-[640px]" data-testid="demo-frame-box">
      {/* Created only once near: even an empty frame makes the browser build a document for it
          while it parses the page, 10-25 ms of main thread on a phone. */}
      {src ? (
        // The demos are this site's own static pages: a sandbox would only break their links back to the site.
        // oxlint-disable-next-line react/iframe-missing-sandbox
        <iframe
          title={title}
          src={src}
          loading="lazy"
          className="absolute inset-0 h-full w-full border-0 bg-white"
          onLoad={() => setLoaded(true)}
        />
      ) : null}
      {loaded ? null : (
        <div
          aria-hidden="true"
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center"
        >
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
          <p className="max-w-xs text-slate-700">
            {src ? "Loading the live demo..." : "The live demo loads as you scroll to it."}
          </p>
        </div>
      )}
    </div>
  );
}
