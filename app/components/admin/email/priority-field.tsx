import { useId } from "react";
import type { EmailPriority } from "~/contracts/email";

/** What each priority does (docs/product/email.md "Priorities"). */
export const PRIORITY_INFO: Record<EmailPriority, { label: string; explanation: string }> = {
  low: { label: "Low", explanation: "May be skipped when today's sending is near the daily limit." },
  normal: { label: "Normal", explanation: "The default. On a project, goes to the primary contact only." },
  high: { label: "High", explanation: "Always sent, even near the limit. On a project, goes to all its contacts." },
};

export function PriorityField({
  value,
  onChange,
  options,
}: {
  value: EmailPriority;
  onChange: (value: EmailPriority) => void;
  options: readonly EmailPriority[];
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-800">Priority</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-3">
        {options.map((priority) => {
          const info = PRIORITY_INFO[priority];
          const checked = value === priority;
          return (
            <label
              key={priority}
              className={`flex cursor-pointer gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                checked ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name="email-priority"
                value={priority}
                checked={checked}
                onChange={() => onChange(priority)}
                aria-labelledby={`${id}-${priority}`}
                aria-describedby={`${id}-${priority}-info`}
                className="mt-0.5 accent-brand-700"
              />
              <span>
                <span id={`${id}-${priority}`} className="font-medium text-slate-900">
                  {info.label}
                </span>
                <span id={`${id}-${priority}-info`} className="block text-xs text-slate-600">
                  {info.explanation}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
