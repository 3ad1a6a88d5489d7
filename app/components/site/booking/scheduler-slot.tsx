import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { bookCopy } from "~/content/booking-pages";
import { useHydrated } from "./use-hydrated";
import type { BookingFlowProps } from "./booking-flow";
import { SchedulerHeader } from "./scheduler-header";

const LOAD_FAILED = "The calendar could not load. Check your connection, then reload the page.";

/** What shows until the calendar's own chunk runs: the card's heading, a note, and the way without JavaScript. */
export function SchedulerPlaceholder() {
  return (
    <>
      <SchedulerHeader />
      <div className="mt-6 flex min-h-64 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
        <p role="status" className="text-slate-700">
          {bookCopy.loadingScheduler}
        </p>
      </div>
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">{bookCopy.noScript}</p>
      </noscript>
    </>
  );
}

function LoadFailed() {
  return (
    <>
      <SchedulerHeader />
      <p role="alert" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-slate-800">
        {LOAD_FAILED} {bookCopy.otherWaysText}
      </p>
    </>
  );
}

/** The calendar, the form and the confirmation: a chunk of their own, loaded once the page has hydrated. */
const loadFlow = () =>
  import("./booking-flow").then(
    (m) => ({ default: m.BookingFlow as ComponentType<BookingFlowProps> }),
    () => ({ default: LoadFailed as ComponentType<BookingFlowProps> }),
  );
const BookingFlow = /* @__PURE__ */ lazy(loadFlow);

/**
 * The booking card's live part: nothing of it is in the server's HTML (it needs the visitor's time
 * zone and the free times), so the page's first load stays small and the calendar arrives as its
 * own chunk once the page is interactive.
 */
export function SchedulerSlot(props: BookingFlowProps) {
  const hydrated = useHydrated();
  useEffect(() => void loadFlow(), []);
  if (!hydrated) return <SchedulerPlaceholder />;
  return (
    <Suspense fallback={<SchedulerPlaceholder />}>
      <BookingFlow {...props} />
    </Suspense>
  );
}
