import type { ReactNode } from "react";

/**
 * Records shown as a table from the md breakpoint (the leads, the projects, the inquiries); on a
 * phone the same records show as RecordCards instead. The rows are the caller's `<tr>`s.
 */
export function RecordTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** A Tailwind `min-w-[…]` class: narrower than that, the table scrolls sideways. */
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
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
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A RecordTable row's class. */
export const recordRowClass = "align-top hover:bg-slate-50/60";

/** The phone's view of the same records: one card (`recordCardClass`) per record. */
export function RecordCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-3 md:hidden">
      {children}
    </ul>
  );
}

export const recordCardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";
