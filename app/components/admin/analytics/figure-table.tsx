import type { ReactNode } from "react";

export interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
  /** A column of buttons: its heading is for screen readers only. */
  actions?: boolean;
}

/**
 * A table of figures. A narrow one stays a table on a phone; a wide one (`cards`) becomes a card
 * per row there, its first column as the title (the admin's pattern,
 * app/components/admin/contacts/contacts-list.tsx).
 */
export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowTestId,
  cards = false,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  rowTestId?: string;
  cards?: boolean;
}) {
  if (rows.length === 0)
    return <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">{empty}</p>;
  const [first, ...rest] = columns;
  return (
    <>
      <div className={cards ? "hidden md:block" : undefined}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`px-2 py-2 sm:px-3 ${column.numeric || column.actions ? "text-right" : ""}`}
                >
                  {column.actions ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId} className="align-top">
                {columns.map((column, i) =>
                  i === 0 ? (
                    <th
                      key={column.label}
                      scope="row"
                      className="px-2 py-2 font-medium wrap-anywhere text-slate-900 sm:px-3"
                    >
                      {column.value(row)}
                    </th>
                  ) : (
                    <td
                      key={column.label}
                      className={`px-2 py-2 text-slate-800 sm:px-3 ${column.numeric ? "text-right tabular-nums" : ""} ${column.actions ? "text-right" : ""}`}
                    >
                      {column.value(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cards && (
        <ul aria-label={caption} className="grid gap-2 md:hidden">
          {rows.map((row) => (
            <li key={rowKey(row)} data-testid={rowTestId} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm font-medium wrap-anywhere text-slate-900">{first!.value(row)}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {rest.map((column) => (
                  <div key={column.label} className="flex items-baseline justify-between gap-2">
                    <dt className="text-slate-600">{column.label}</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{column.value(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
