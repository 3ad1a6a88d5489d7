import { useId } from "react";
import { Search } from "lucide-react";
import { inputClass } from "./styles";

/** The screens' search box: a magnifier, a label for screen readers, and the text. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  onSettle,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter, or leaving the box: the search need not wait for the pause in typing. */
  onSettle?: () => void;
}) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500" aria-hidden="true" />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        className={`${inputClass} pl-9`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onSettle}
        onKeyDown={(e) => {
          if (e.key === "Enter") onSettle?.();
        }}
      />
    </div>
  );
}
