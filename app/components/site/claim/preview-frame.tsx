import { useRef } from "react";
import { useNearViewport } from "../use-near-viewport";

/** docs/product/lead-paths.md "Views": claim preview scale 0.8 */
export const CLAIM_PREVIEW_SCALE = 0.8;

/** The frame is drawn 1/scale times larger, then scaled down to fill its box exactly. */
const drawnSize = `${100 / CLAIM_PREVIEW_SCALE}%`;

interface PreviewFrameProps {
  url: string;
  businessName: string;
}

/**
 * A scaled, look-only thumbnail of a prebuilt site. Its box follows the card's
 * width (never wider than a phone screen); the page itself loads only when
 * scrolled near, one frame at a time as they come into view, after the page has loaded (three
 * sites loading at once held the page's main thread for over a second). It is inert (no scroll trap, no tab stops): the card's
 * "open in a new tab" link is the way in.
 */
export function PreviewFrame({ url, businessName }: PreviewFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, "100px 0px");
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div aria-hidden="true" className="flex items-center gap-2 border-b border-slate-200 bg-slate-100 px-3 py-2">
        <span className="flex gap-1">
          <span className="h-2.5 w-2.5 rounded-full bg-red-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
        </span>
        <span className="min-w-0 flex-1 truncate rounded bg-white px-2 py-0.5 text-xs text-slate-600">{url}</span>
      </div>
      <div
        ref={box}
        inert
        className="pointer-events-none relative h-80 bg-slate-50 sm:h-96 lg:h-auto lg:min-h-96 lg:flex-1"
      >
        <p
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-600"
        >
          The preview of {businessName} loads as you scroll to it.
        </p>
        {/* Not in the server's HTML at all: even an empty frame makes the browser build a document
            for it while it parses the page, 10-25 ms of main thread each on a phone. */}
        {near ? (
          // This site's own static pages: a sandbox would only break their banner link back here.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          <iframe
            title={`Preview of the website built for ${businessName}`}
            src={url}
            tabIndex={-1}
            className="absolute top-0 left-0 origin-top-left border-0"
            style={{ width: drawnSize, height: drawnSize, transform: `scale(${CLAIM_PREVIEW_SCALE})` }}
          />
        ) : null}
      </div>
    </div>
  );
}
