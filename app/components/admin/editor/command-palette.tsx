import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Dialog } from "radix-ui";
import { Search } from "lucide-react";
import { keyLabel, type CommandId } from "./commands";
import { paletteGroups } from "./palette-model";

/**
 * The Commands palette (docs/product/posts-and-portfolio.md "Commands"): a combobox over a grouped
 * listbox, the active option announced through aria-activedescendant (the WAI-ARIA combobox
 * pattern), so focus stays in the search box while the arrows move.
 */
export function CommandPalette({
  open,
  onOpenChange,
  recent,
  mac,
  returnToEditor,
  onRun,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recent: readonly CommandId[];
  mac: boolean;
  /** Escape returns focus to the editor, or (with the editor hidden behind the preview) to the Commands button. */
  returnToEditor: boolean;
  /** Runs after the palette has closed, so the command's own dialog (a URL) can take focus. */
  onRun: (id: CommandId) => void;
  /** Focus goes back to the editor. */
  onClosed: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const pending = useRef<CommandId | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => paletteGroups(query, recent), [query, recent]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const current = items[Math.min(active, items.length - 1)];
  const optionId = (key: string) => `${id}-option-${key}`;

  // The active option stays in sight while the arrows move through a long list.
  useEffect(() => {
    if (!current) return;
    list.current?.querySelector(`[id="${CSS.escape(optionId(current.key))}"]`)?.scrollIntoView({ block: "nearest" });
  });

  function choose(commandId: CommandId) {
    pending.current = commandId;
    onOpenChange(false);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    const moves: Partial<Record<string, number>> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const move = moves[event.key];
    if (move !== undefined && items.length > 0) {
      // Home/End keep their text-box meaning once something is typed.
      if ((event.key === "Home" || event.key === "End") && query) return;
      event.preventDefault();
      setActive(move);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current) choose(current.command.id);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={`${id}-hint`}
          className="fixed top-[10vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200 focus:outline-none"
          onCloseAutoFocus={(event) => {
            // The next opening starts with an empty search.
            setQuery("");
            setActive(0);
            const run = pending.current;
            pending.current = null;
            if (run) {
              event.preventDefault();
              onRun(run);
            } else if (returnToEditor) {
              event.preventDefault();
              onClosed();
            }
          }}
        >
          <Dialog.Title className="sr-only">Commands</Dialog.Title>
          <p id={`${id}-hint`} className="sr-only">
            Type to filter, arrow keys to move, Enter to run, Escape to close.
          </p>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <Search className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <input
              role="combobox"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={current ? optionId(current.key) : undefined}
              aria-label="Search commands"
              placeholder="Search commands…"
              autoComplete="off"
              spellCheck={false}
              className="h-12 w-full bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <div ref={list} id={`${id}-list`} role="listbox" aria-label="Commands" className="overflow-y-auto p-2">
            {groups.map((group) => (
              <div key={group.label} role="presentation" className="py-1">
                <div
                  id={`${id}-group-${group.label}`}
                  aria-hidden="true"
                  className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  {group.label}
                </div>
                <div role="group" aria-labelledby={`${id}-group-${group.label}`}>
                  {group.items.map((item) => {
                    const selected = item === current;
                    return (
                      // The search box handles the keys (aria-activedescendant); a click runs the option too.
                      // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
                      <div
                        key={item.key}
                        id={optionId(item.key)}
                        role="option"
                        tabIndex={-1}
                        aria-selected={selected}
                        className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm ${
                          selected ? "bg-brand-100 text-brand-950" : "text-slate-800"
                        }`}
                        onPointerMove={() => setActive(items.indexOf(item))}
                        onClick={() => choose(item.command.id)}
                      >
                        <span>{item.command.label}</span>
                        {item.command.shortcut && (
                          <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-sans text-xs text-slate-700">
                            {keyLabel(item.command.shortcut, mac)}
                          </kbd>
                        )}
                      </div>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
          {items.length === 0 && <p className="px-4 pb-6 text-center text-sm text-slate-600">No commands found</p>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
