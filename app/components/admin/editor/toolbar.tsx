import { Fragment, useRef, useState } from "react";
import { Tooltip } from "radix-ui";
import {
  Bold,
  CircleHelp,
  Code,
  Columns2,
  Command,
  Eye,
  Heading1,
  Heading2,
  Heading3,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  ListTodo,
  Minus,
  Pencil,
  SquareCode,
  Table,
  TextQuote,
  type LucideIcon,
} from "lucide-react";
import { commandById, keyLabel, PALETTE_SHORTCUT, type CommandId } from "./commands";

export type EditorMode = "write" | "preview" | "split";

/** The toolbar's formatting buttons, in groups; every one is also in the palette. */
const BUTTONS: readonly (readonly [CommandId, LucideIcon])[][] = [
  [
    ["bold", Bold],
    ["italic", Italic],
  ],
  [
    ["heading1", Heading1],
    ["heading2", Heading2],
    ["heading3", Heading3],
  ],
  [
    ["bulletList", List],
    ["numberedList", ListOrdered],
    ["taskList", ListTodo],
  ],
  [
    ["link", Link],
    ["image", Image],
    ["table", Table],
  ],
  [
    ["inlineCode", Code],
    ["codeBlock", SquareCode],
    ["blockquote", TextQuote],
    ["horizontalRule", Minus],
  ],
];

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600";
const textButton =
  "h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-pressed:bg-brand-100 aria-pressed:text-brand-900";

function Tip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/**
 * The editor's toolbar: one Tab stop, arrow keys move between its buttons (the WAI-ARIA
 * toolbar pattern). It wraps onto more rows on a phone instead of widening the page.
 */
export function Toolbar({
  mode,
  onModeChange,
  onCommand,
  onPalette,
  onHelp,
  mac,
}: {
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  onCommand: (id: CommandId) => void;
  onPalette: () => void;
  onHelp: () => void;
  mac: boolean;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  let index = 0;
  /** Roving tabindex: only the last-focused button is in the Tab order. */
  const rove = () => {
    const i = index++;
    return { tabIndex: i === focusIndex ? 0 : -1, onFocus: () => setFocusIndex(i), "data-toolbar-item": "" };
  };
  const tip = (label: string, shortcut?: string) => (shortcut ? `${label} (${keyLabel(shortcut, mac)})` : label);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(bar.current?.querySelectorAll<HTMLElement>("[data-toolbar-item]") ?? []).filter(
      (el) => el.offsetParent !== null,
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  }

  const modes: [EditorMode, string, LucideIcon, string][] = [
    ["write", "Write", Pencil, "inline-flex"],
    ["preview", "Preview", Eye, "inline-flex"],
    // Side by side needs a wide screen.
    ["split", "Split", Columns2, "hidden lg:inline-flex"],
  ];

  return (
    <Tooltip.Provider delayDuration={400}>
      {/* The toolbar pattern: the buttons take focus, the container does not. */}
      {/* oxlint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        ref={bar}
        role="toolbar"
        aria-label="Formatting"
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1.5"
      >
        {/* Buttons sit directly in the wrapping row (groups would wrap as blocks); thin rules part the groups. */}
        {BUTTONS.map((group, g) => (
          <Fragment key={g}>
            {g > 0 && <span aria-hidden="true" className="mx-0.5 hidden h-5 w-px bg-slate-300 sm:block" />}
            {group.map(([id, Icon]) => {
              const command = commandById(id)!;
              return (
                <Tip key={id} label={tip(command.label, command.shortcut)}>
                  <button
                    type="button"
                    aria-label={command.label}
                    className={iconButton}
                    onClick={() => onCommand(id)}
                    {...rove()}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </button>
                </Tip>
              );
            })}
          </Fragment>
        ))}
        <span aria-hidden="true" className="mx-0.5 hidden h-5 w-px bg-slate-300 sm:block" />
        <div className="flex items-center gap-0.5">
          <Tip label={tip("All commands", PALETTE_SHORTCUT)}>
            <button type="button" className={`inline-flex ${textButton}`} onClick={onPalette} {...rove()}>
              <Command className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Commands</span>
            </button>
          </Tip>
          <Tip label="Markdown guide">
            <button type="button" className={`inline-flex ${textButton}`} onClick={onHelp} {...rove()}>
              <CircleHelp className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Help</span>
            </button>
          </Tip>
        </div>
        <div className="ml-auto flex items-center gap-0.5" role="group" aria-label="View">
          {modes.map(([value, label, Icon, extra]) => (
            <Tip key={value} label={value === "split" ? "Editor and preview side by side" : label}>
              <button
                type="button"
                aria-pressed={mode === value}
                className={`${textButton} ${extra}`}
                onClick={() => onModeChange(value)}
                {...rove()}
              >
                <Icon className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{label}</span>
              </button>
            </Tip>
          ))}
        </div>
      </div>
    </Tooltip.Provider>
  );
}
