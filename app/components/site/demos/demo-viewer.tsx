import { useEffect, useRef, useState } from "react";
import { DEMO_VIEWPORTS, type Demo, type DemoViewport } from "~/content/demos";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { useNearViewport } from "../use-near-viewport";

interface Space {
  width: number;
  maxHeight: number;
}

/** The room the frame may take: the stage's width, and most of the window's height. */
function useStageSpace() {
  const ref = useRef<HTMLDivElement>(null);
  const [space, setSpace] = useState<Space | null>(null);
  useEffect(() => {
    const stage = ref.current;
    if (!stage) return;
    const measure = () =>
      setSpace({ width: stage.clientWidth, maxHeight: Math.max(420, Math.min(820, window.innerHeight - 150)) });
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);
  return { ref, space };
}

interface DemoViewerProps {
  demo: Demo;
  viewport: DemoViewport;
}

/**
 * The embedded viewer: the demo is drawn at the device's real width (so its
 * own breakpoints apply) and scaled down to fit, so it never overflows a phone.
 */
export function DemoViewer({ demo, viewport }: DemoViewerProps) {
  const { ref, space } = useStageSpace();
  // The demo is a whole page drawn on this page's main thread: it loads once the page is loaded and
  // the stage is near the screen (below the fold on a phone), never during the page's own start.
  const near = useNearViewport(ref, "100px 0px");
  const device = DEMO_VIEWPORTS.find((entry) => entry.id === viewport) ?? DEMO_VIEWPORTS[0];
  const scale = space ? Math.min(1, space.width / device.width, space.maxHeight / device.height) : 0;
  const ready = near && scale > 0;

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
        <span aria-hidden="true" className="hidden gap-1.5 sm:flex">
          <span className="h-3 w-3 rounded-full bg-red-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-green-500" />
        </span>
        <p className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
          <span className="sr-only">Address: </span>
          {demo.url}
        </p>
        <a
          href={demo.url}
          target="_blank"
          rel="noopener"
          aria-label={`Open ${demo.title} in a new tab`}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          Open
          <ExternalLinkIcon className="h-4 w-4" />
        </a>
      </div>
      <div className="bg-[radial-gradient(circle,var(--color-slate-300)_1px,transparent_1px)] bg-size-[18px_18px] bg-slate-100 p-3 sm:p-6">
        <div ref={ref} className="flex min-h-[240px] w-full items-start justify-center">
          {ready ? (
            <div
              data-testid="demo-frame-box"
              className="overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-300 motion-safe:transition-[width,height] motion-safe:duration-300"
              style={{ width: Math.round(device.width * scale), height: Math.round(device.height * scale) }}
            >
              {/* The demos are this site's own static pages: a sandbox allowing scripts and same origin
                  changes nothing, and one without them stops axe and Playwright from checking the demo. */}
              {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
              <iframe
                key={demo.id}
                src={demo.url}
                title={`${demo.title} demo website, ${device.label.toLowerCase()} view`}
                loading="lazy"
                width={device.width}
                height={device.height}
                className="block origin-top-left border-0 bg-white"
                style={{ width: device.width, height: device.height, transform: `scale(${scale})` }}
              />
            </div>
          ) : (
            <div className="flex aspect-16/10 max-h-[820px] w-full items-center justify-center rounded-xl bg-white/80 text-slate-700 ring-1 ring-slate-200">
              Loading the {demo.title} preview...
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
