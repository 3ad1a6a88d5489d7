import { useId } from "react";
import { inquiryChatCopy } from "~/content/chat-pages";

/** completion_percentage as a bar that assistive technology reads as a progress bar. */
export function ChatProgress({ percentage }: { percentage: number }) {
  const labelId = useId();
  const value = Math.round(Math.min(100, Math.max(0, Number.isFinite(percentage) ? percentage : 0)));
  return (
    <div className="border-b border-slate-200 px-4 py-3 sm:px-5">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {inquiryChatCopy.progressLabel}
        </span>
        <span className="text-slate-600" aria-hidden="true">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${value}% complete`}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
