import { pageRange } from "~/contracts/paging";
import { adminButton } from "./styles";

/**
 * An empty admin list: nothing yet, or nothing matching the search and filters (then with a
 * button that clears them).
 */
export function ListEmpty({
  filtered,
  title,
  hint,
  clearLabel,
  onClear,
}: {
  filtered: boolean;
  /** The heading and the hint: [with no record at all, with none matching]. */
  title: readonly [string, string];
  hint: readonly [string, string];
  clearLabel: string;
  onClear: () => void;
}) {
  const which = filtered ? 1 : 0;
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="font-semibold text-slate-900">{title[which]}</h2>
      <p className="mt-1 text-sm text-slate-600">{hint[which]}</p>
      {filtered && (
        <button type="button" className={`${adminButton.secondary} mt-4`} onClick={onClear}>
          {clearLabel}
        </button>
      )}
    </div>
  );
}

/** The count above a paged list: "3 invoices", "Showing 51–100 of 5,020 projects", or an empty page's. */
export function listCount(
  [one, many]: readonly [string, string],
  page: number,
  answer: { offset: number; total: number },
  shown: number,
): string {
  if (shown === 0) return `No ${many} on page ${page}: ${answer.total.toLocaleString("en-US")} in all`;
  if (answer.total <= shown) return `${answer.total} ${answer.total === 1 ? one : many}`;
  return `Showing ${pageRange(answer.offset, shown, answer.total)} ${many}`;
}
