import { CheckIcon } from "~/components/ui/icons";
import type { Point } from "~/content/marketing/types";

const COLUMNS = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
  /** Two across on tablets, one column in a wide screen's side column. */
  aside: "md:grid-cols-2 lg:grid-cols-1",
} as const;

interface PointGridProps {
  items: readonly Point[];
  columns?: keyof typeof COLUMNS;
  /** The badge of each card: a check mark, its number, or nothing. */
  marker?: "check" | "number" | "none";
}

/** Titled points as cards (included items, principles, tips). */
export function PointGrid({ items, columns = 3, marker = "check" }: PointGridProps) {
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {items.map((item, index) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
          {marker === "check" ? (
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-700 text-white">
              <CheckIcon className="h-5 w-5" />
            </span>
          ) : null}
          {marker === "number" ? (
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-lg font-bold text-brand-800 ring-1 ring-brand-200"
            >
              {index + 1}
            </span>
          ) : null}
          <h3 className={`${marker === "none" ? "" : "mt-4"} text-lg font-bold text-slate-900`}>{item.title}</h3>
          <p className="mt-2 leading-7 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
