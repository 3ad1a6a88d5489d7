import { useMemo, useRef, useState } from "react";
import {
  categoryCounts,
  demos as allDemos,
  demosCopy,
  EMPTY_DEMOS_TEXT,
  filterDemos,
  INDUSTRY_LABELS,
  type Demo,
  type DemoFilter,
  type DemoViewport,
} from "~/content/demos";
import { SectionHeading } from "~/components/site/sections/section-heading";
import { CategoryFilter } from "./category-filter";
import { ViewportToggle } from "./viewport-toggle";
import { DemoViewer } from "./demo-viewer";
import { DemoCard } from "./demo-card";

interface DemoBrowserProps {
  /** The demos to browse (the seven of the site unless a test passes others). */
  demos?: readonly Demo[];
}

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The /demos page body (docs/product/portfolio-and-demos.md "Demos"): filter, viewport toggle,
 * viewer and the demo list.
 */
export function DemoBrowser({ demos = allDemos }: DemoBrowserProps) {
  const [filter, setFilter] = useState<DemoFilter>("all");
  const [viewport, setViewport] = useState<DemoViewport>("desktop");
  const [selectedId, setSelectedId] = useState<string | undefined>(demos[0]?.id);
  const viewerRef = useRef<HTMLDivElement>(null);

  const options = useMemo(() => categoryCounts(demos), [demos]);
  const visible = useMemo(() => filterDemos(demos, filter), [demos, filter]);
  const selected = visible.find((demo) => demo.id === selectedId) ?? visible[0];

  const preview = (id: string) => {
    setSelectedId(id);
    viewerRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  };

  return (
    <>
      <section aria-labelledby="demo-browser-title" className="bg-white py-14 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="demo-browser-title" title={demosCopy.browserTitle} intro={demosCopy.browserIntro} />
          <div className="mt-8 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
            <CategoryFilter options={options} value={filter} onChange={setFilter} />
            <ViewportToggle value={viewport} onChange={setViewport} />
          </div>

          {selected ? (
            <div ref={viewerRef} className="mt-6 scroll-mt-24">
              <fieldset className="m-0 min-w-0 border-0 p-0">
                <legend className="sr-only">Choose a demo</legend>
                <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-3 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
                  {visible.map((demo) => {
                    const active = demo.id === selected.id;
                    return (
                      <button
                        key={demo.id}
                        type="button"
                        aria-pressed={active}
                        onClick={() => setSelectedId(demo.id)}
                        className={`shrink-0 rounded-xl border px-4 py-2 text-left transition-colors ${
                          active
                            ? "border-brand-700 bg-brand-50 text-brand-900"
                            : "border-slate-200 bg-white text-slate-800 hover:border-brand-400"
                        }`}
                      >
                        <span className="block text-sm font-semibold">{demo.title}</span>
                        <span className="block text-xs text-slate-700">{INDUSTRY_LABELS[demo.industry]}</span>
                      </button>
                    );
                  })}
                </div>
              </fieldset>
              <DemoViewer demo={selected} viewport={viewport} />
              <p className="mt-3 text-sm text-slate-700" aria-live="polite">
                Showing <strong className="text-slate-900">{selected.title}</strong>: {selected.description}
              </p>
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="demo-list-title" className="bg-slate-50 py-14 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="demo-list-title" title={demosCopy.listTitle} />
          {visible.length > 0 ? (
            // A row that is not full is centred, so the last demo never leaves an empty band.
            <ul className="mt-8 flex flex-wrap justify-center gap-6" data-testid="demo-list">
              {visible.map((demo) => (
                <li key={demo.id} className="w-full md:w-[calc((100%-1.5rem)/2)] xl:w-[calc((100%-3rem)/3)]">
                  <DemoCard demo={demo} selected={demo.id === selected?.id} onPreview={() => preview(demo.id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-lg font-semibold text-slate-800">
              {EMPTY_DEMOS_TEXT}
            </p>
          )}
        </div>
      </section>
    </>
  );
}
