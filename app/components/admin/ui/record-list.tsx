import { useSyncExternalStore, type ReactNode } from "react";

/**
 * The admin's lists of records (the leads, the projects, the inquiries): a table from the md
 * breakpoint, cards on a phone. Each record is drawn once, in the layout the width calls for:
 * drawing both and hiding one with CSS doubled the DOM (572,000 elements for 5,000 contacts).
 */
export function RecordList<T>({
  items,
  recordId,
  caption,
  columns,
  minWidth,
  row,
  card,
}: {
  items: readonly T[];
  /** The record's key; also its `data-record-id`. */
  recordId: (item: T) => string | number;
  /** The table's caption and the card list's name. */
  caption: string;
  columns: readonly string[];
  /** A Tailwind `min-w-[…]` class: narrower than that, the table scrolls sideways. */
  minWidth: string;
  /** A table row's cells (`<td>`s). */
  row: (item: T) => ReactNode;
  /** A card's content. */
  card: (item: T) => ReactNode;
}) {
  const wide = useWideScreen();
  if (!wide)
    return (
      <ul aria-label={caption} className="grid gap-3">
        {items.map((item) => (
          <li key={recordId(item)} data-record-id={recordId(item)} className={recordCardClass}>
            {card(item)}
          </li>
        ))}
      </ul>
    );
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={recordId(item)} data-record-id={recordId(item)} className="align-top hover:bg-slate-50/60">
              {row(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const recordCardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";

/** Tailwind's md breakpoint (48rem), where the lists turn from cards into tables. */
const WIDE_QUERY = "(min-width: 48rem)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is md or wider, following it as it turns or is resized. */
export function useWideScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    // The admin screens render in the browser only; a server render would get the table.
    () => true,
  );
}
