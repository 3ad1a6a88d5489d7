import { useMemo } from "react";
import { autosaveText, type AutosaveState } from "./autosave";
import { editorStats, statsLabels } from "./stats";

/**
 * Counts (docs/product/posts-and-portfolio.md "Markdown editor") and the autosave indicator
 * ("Editor autosave and drafts"), announced politely.
 */
export function StatusBar({ text, autosave }: { text: string; autosave: AutosaveState }) {
  const labels = useMemo(() => statsLabels(editorStats(text)), [text]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
      <p className="flex flex-wrap gap-x-3">
        <span>{labels.words}</span>
        <span>{labels.characters}</span>
        <span>{labels.minutes}</span>
      </p>
      <p
        role="status"
        aria-live="polite"
        data-autosave-status=""
        className={autosave.status === "unsaved" ? "font-medium text-amber-800" : ""}
      >
        {autosaveText(autosave)}
      </p>
    </div>
  );
}
