import type { LucideIcon } from "lucide-react";
import { cardClass } from "./styles";

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  long = false,
}: {
  label: string;
  value: number | string;
  icon?: LucideIcon;
  hint?: string;
  /** The figure's size when it is long (an amount of money): smaller on a phone. */
  long?: boolean;
}) {
  return (
    <div className={cardClass}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        {Icon && <Icon className="size-5 text-brand-700" aria-hidden="true" />}
      </div>
      <p
        className={`mt-2 font-bold text-slate-900 ${long ? "text-xl [overflow-wrap:anywhere] tabular-nums sm:text-3xl" : "text-3xl"}`}
      >
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}
