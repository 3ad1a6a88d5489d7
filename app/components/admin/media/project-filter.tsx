import { useId, useState } from "react";
import { Check, ChevronDown } from "lucide-react";
import { NO_PROJECT } from "~/contracts/media";
import { inputClass } from "~/components/admin/ui/styles";
import { useMediaProjects } from "./api";
import { useDebouncedValue } from "../ui/use-search-box";

interface Choice {
  value: string;
  label: string;
  detail?: string;
}
const FIXED: Choice[] = [
  { value: "", label: "All Projects" },
  { value: NO_PROJECT, label: "No Project" },
];

/**
 * The library's Project filter (docs/product/media.md "The library": All Projects plus each
 * project), as a searchable select: it lists the projects that have files, a few at a time, and
 * typing asks the server for the others, so hundreds of projects never load at once. The WAI-ARIA
 * combobox pattern: focus stays in the box, the arrows move through the options.
 */
export function ProjectFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const found = useMediaProjects(useDebouncedValue(text), open);
  // The chosen project's name: its ID is a search that finds it.
  const chosenId = value && value !== NO_PROJECT ? value : "";
  const chosen = useMediaProjects(chosenId, Boolean(chosenId));
  const choices: Choice[] = [
    ...FIXED.filter((c) => !text.trim() || c.label.toLowerCase().includes(text.trim().toLowerCase())),
    ...(found.data?.projects ?? []).map((p) => ({
      value: p.id,
      label: p.name,
      detail: `${p.id} · ${p.files} file${p.files === 1 ? "" : "s"}`,
    })),
  ];
  const current = choices[Math.min(active, choices.length - 1)];
  const chosenLabel =
    FIXED.find((c) => c.value === value)?.label ?? chosen.data?.projects.find((p) => p.id === value)?.name ?? value;
  const more = (found.data?.total ?? 0) - (found.data?.projects.length ?? 0);
  const optionId = (index: number) => `${id}-option-${index}`;

  /** Opens on the whole list: what was typed last time is gone. */
  function openList() {
    setText("");
    setActive(0);
    setOpen(true);
  }

  function choose(choice: Choice) {
    setOpen(false);
    if (choice.value !== value) onChange(choice.value);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = choices.length - 1;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      setActive(event.key === "ArrowDown" ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === "Enter" && open && current) {
      event.preventDefault();
      choose(current);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative md:w-56">
      <label htmlFor={`${id}-input`} className="sr-only">
        Project
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && current ? optionId(choices.indexOf(current)) : undefined}
        autoComplete="off"
        spellCheck={false}
        className={`${inputClass} pr-8`}
        placeholder="Search projects..."
        value={open ? text : chosenLabel}
        onFocus={openList}
        onClick={() => !open && openList()}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <ChevronDown
        className="pointer-events-none absolute top-2.5 right-2.5 size-4 text-slate-500"
        aria-hidden="true"
      />
      {open && (
        <div className="absolute right-0 z-20 mt-1 w-full min-w-64 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200">
          <div id={`${id}-list`} role="listbox" aria-label="Projects" className="max-h-72 overflow-y-auto py-1">
            {choices.map((choice, index) => (
              // The box handles the keys (aria-activedescendant); a press chooses too, before the box loses focus.
              // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={choice.value || "all"}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={choice === current}
                className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-sm ${choice === current ? "bg-brand-50" : ""}`}
                onPointerMove={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
              >
                <Check
                  className={`mt-0.5 size-4 shrink-0 text-brand-700 ${choice.value === value ? "" : "invisible"}`}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block truncate text-slate-900">{choice.label}</span>
                  {choice.detail && <span className="block text-xs text-slate-600">{choice.detail}</span>}
                </span>
              </div>
            ))}
          </div>
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600" aria-live="polite">
            {found.isError
              ? "Failed to fetch projects"
              : found.isPending
                ? "Loading projects..."
                : more > 0
                  ? `${more} more: type to find them`
                  : found.data.projects.length > 0
                    ? "Projects with files"
                    : text.trim()
                      ? "No project with files matches"
                      : "No project has files yet"}
          </p>
        </div>
      )}
    </div>
  );
}
