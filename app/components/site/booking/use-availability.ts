import { useEffect, useState } from "react";
import type { AvailabilityAnswer } from "~/contracts/booking-public";
import { loadAvailability } from "./booking-api";
import { monthKey, monthRange, type Month } from "./calendar";

export type MonthAvailability =
  | { status: "loading" }
  | { status: "ready"; answer: AvailabilityAnswer }
  | {
      status: "error";
      /** The meeting type is not bookable here (404): nothing to retry. */
      notFound: boolean;
      network: boolean;
      message?: string;
    };

const LOADING: MonthAvailability = { status: "loading" };

/**
 * The free times of one month as the visitor's zone draws it, asked of the API one month at a
 * time and kept for the visit. `version` changes after a time was taken meanwhile, so every month
 * is asked again; `retry` asks again after a failure.
 */
export function useMonthAvailability(slug: string, zone: string, month: Month, version: number) {
  const { year, month: monthNumber } = month;
  const key = `${version}|${slug}|${zone}|${monthKey(month)}`;
  // Every month asked so far, by key: a month seen before shows at once.
  const [months, setMonths] = useState<ReadonlyMap<string, MonthAvailability>>(() => new Map());
  const asked = months.has(key);

  useEffect(() => {
    if (asked) return;
    const controller = new AbortController();
    const range = monthRange({ year, month: monthNumber }, zone);
    const settle = (state: MonthAvailability) => setMonths((current) => new Map(current).set(key, state));
    loadAvailability({ type: slug, ...range }, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.ok) settle({ status: "ready", answer: result.data });
        else
          settle({
            status: "error",
            notFound: result.status === 404,
            network: result.status === 0,
            message: result.message,
          });
      },
      () => {
        // Cancelled: the visitor moved on to another month or zone.
      },
    );
    return () => controller.abort();
  }, [asked, key, slug, zone, year, monthNumber]);

  return {
    state: months.get(key) ?? LOADING,
    /** Forgets a failed month, so it is asked again. */
    retry: () =>
      setMonths((current) => {
        const next = new Map(current);
        next.delete(key);
        return next;
      }),
  };
}
