import { useId } from "react";
import { inputClass } from "./styles";

/**
 * A filter with a visible label; 'All' first (docs/product/inquiries.md "The list",
 * docs/product/posts-and-portfolio.md "Post manager").
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={`${inputClass} md:w-36`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
