import { useId, useMemo, useSyncExternalStore } from "react";
import {
  getChecklistSnapshot,
  getServerChecklistSnapshot,
  parseTicked,
  storeTicked,
  subscribeToChecklist,
} from "./checklist-store";

const noSubscription = () => () => {};

interface ChecklistItem {
  id: string;
  label: string;
}

/**
 * The discovery-call preparation checklist (docs/product/site-pages.md "How it works"): real
 * checkboxes, ticked lines struck through, ticks kept in this browser only. The server renders
 * every box unticked; stored ticks appear after hydration without moving anything.
 */
export function DiscoveryChecklist({ items }: { items: readonly ChecklistItem[] }) {
  const raw = useSyncExternalStore(subscribeToChecklist, getChecklistSnapshot, getServerChecklistSnapshot);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const ticked = useMemo(() => parseTicked(raw, ids), [raw, ids]);
  // True once hydrated: tells tests (and styles, if ever needed) that the stored ticks are shown.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const baseId = useId();
  const count = ticked.size;

  function toggle(id: string, checked: boolean) {
    // Keep the list's order so the stored value reads naturally.
    storeTicked(ids.filter((other) => (other === id ? checked : ticked.has(other))));
  }

  return (
    <div
      data-testid="discovery-checklist"
      data-hydrated={hydrated || undefined}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p aria-live="polite" className="text-lg font-bold text-slate-900 tabular-nums">
          {`${count} of ${items.length} ready`}
        </p>
        <button
          type="button"
          onClick={() => storeTicked([])}
          disabled={count === 0}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Clear checklist
        </button>
      </div>
      <div aria-hidden="true" className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${(count / items.length) * 100}%` }}
        />
      </div>
      <ul className="mt-6 divide-y divide-slate-100">
        {items.map((item) => {
          const checked = ticked.has(item.id);
          const inputId = `${baseId}-${item.id}`;
          return (
            <li key={item.id}>
              <label htmlFor={inputId} className="flex cursor-pointer items-start gap-4 py-3.5">
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                  className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
                />
                <span
                  data-checked={checked || undefined}
                  className={`leading-7 ${checked ? "text-slate-600 line-through decoration-slate-500" : "text-slate-800"}`}
                >
                  {item.label}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-slate-600">
        Your ticks are saved in this browser only. Nothing is sent anywhere.
      </p>
    </div>
  );
}
