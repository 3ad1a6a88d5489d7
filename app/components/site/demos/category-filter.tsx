import type { DemoFilter, DemoFilterOption } from "~/content/demos";

interface CategoryFilterProps {
  options: readonly DemoFilterOption[];
  value: DemoFilter;
  onChange: (filter: DemoFilter) => void;
}

/**
 * The category buttons (docs/product/portfolio-and-demos.md "Demos"): each with its count; only
 * non-empty categories are passed in.
 */
export function CategoryFilter({ options, value, onChange }: CategoryFilterProps) {
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">Filter demos by category</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const active = option.filter === value;
          return (
            <button
              key={option.filter}
              type="button"
              aria-pressed={active}
              data-filter={option.filter}
              onClick={() => onChange(option.filter)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                active
                  ? "border-brand-700 bg-brand-700 text-white shadow-sm"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:text-brand-800"
              }`}
            >
              {option.label}
              <span
                data-testid="filter-count"
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                  active ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700"
                }`}
              >
                {option.count}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
