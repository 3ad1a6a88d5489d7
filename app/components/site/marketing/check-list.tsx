import { CheckIcon, CloseIcon } from "~/components/ui/icons";

interface CheckListProps {
  items: readonly string[];
  /** "yes" marks each line with a check, "no" with a cross. */
  kind?: "yes" | "no";
  columns?: 1 | 2;
}

/** Short lines with a check mark or a cross before each. */
export function CheckList({ items, kind = "yes", columns = 1 }: CheckListProps) {
  const Icon = kind === "yes" ? CheckIcon : CloseIcon;
  return (
    <ul className={`grid gap-3 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-7 text-slate-800">
          <span
            className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${
              kind === "yes" ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700"
            }`}
          >
            <Icon className="h-4 w-4" />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
