import * as edits from "./text-edits";
import type { TextEdit, TextSelection } from "./text-edits";

/**
 * Every command of the editor (docs/product/posts-and-portfolio.md "Commands": the palette's list),
 * in the palette's groups and order. Link and image need an address first, so the editor asks for
 * it and then calls `edits.insertLink` / `edits.insertImage`.
 */
export const COMMAND_GROUPS = ["Formatting", "Headings", "Lists", "Insert", "Code", "Structure"] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export type CommandId =
  | "bold"
  | "italic"
  | "blockquote"
  | "heading1"
  | "heading2"
  | "heading3"
  | "bulletList"
  | "numberedList"
  | "taskList"
  | "link"
  | "image"
  | "table"
  | "date"
  | "time"
  | "inlineCode"
  | "codeBlock"
  | "horizontalRule"
  | "frontMatter"
  | "readMore";

export interface EditorCommand {
  id: CommandId;
  label: string;
  group: CommandGroup;
  /** Extra words the palette's search finds it by. */
  keywords: string;
  /** CodeMirror key name (Mod = Ctrl, or Cmd on a Mac). */
  shortcut?: string;
  /** Asks for an address before it edits. */
  needsUrl?: boolean;
  /** The edit; absent for the commands that ask first. */
  run?: (sel: TextSelection, now: Date) => TextEdit;
}

export const COMMANDS: readonly EditorCommand[] = [
  { id: "bold", label: "Bold", group: "Formatting", keywords: "strong", shortcut: "Mod-b", run: edits.toggleBold },
  {
    id: "italic",
    label: "Italic",
    group: "Formatting",
    keywords: "emphasis em",
    shortcut: "Mod-i",
    run: edits.toggleItalic,
  },
  { id: "blockquote", label: "Blockquote", group: "Formatting", keywords: "quote citation", run: edits.toggleQuote },
  {
    id: "heading1",
    label: "Heading 1",
    group: "Headings",
    keywords: "h1 title",
    run: (s) => edits.toggleHeading(s, 1),
  },
  {
    id: "heading2",
    label: "Heading 2",
    group: "Headings",
    keywords: "h2 section",
    run: (s) => edits.toggleHeading(s, 2),
  },
  {
    id: "heading3",
    label: "Heading 3",
    group: "Headings",
    keywords: "h3 subsection",
    run: (s) => edits.toggleHeading(s, 3),
  },
  {
    id: "bulletList",
    label: "Bullet list",
    group: "Lists",
    keywords: "unordered ul",
    run: (s) => edits.toggleList(s, "bullet"),
  },
  {
    id: "numberedList",
    label: "Numbered list",
    group: "Lists",
    keywords: "ordered ol",
    run: (s) => edits.toggleList(s, "ordered"),
  },
  {
    id: "taskList",
    label: "Task list",
    group: "Lists",
    keywords: "checkbox todo checklist",
    run: (s) => edits.toggleList(s, "task"),
  },
  { id: "link", label: "Link", group: "Insert", keywords: "url href anchor", shortcut: "Mod-k", needsUrl: true },
  { id: "image", label: "Image", group: "Insert", keywords: "picture photo img media", needsUrl: true },
  { id: "table", label: "Table", group: "Insert", keywords: "grid columns rows", run: edits.insertTable },
  { id: "date", label: "Insert current date", group: "Insert", keywords: "today day", run: edits.insertDate },
  { id: "time", label: "Insert current time", group: "Insert", keywords: "now clock hour", run: edits.insertTime },
  {
    id: "inlineCode",
    label: "Inline code",
    group: "Code",
    keywords: "monospace backtick",
    run: edits.toggleInlineCode,
  },
  { id: "codeBlock", label: "Code block", group: "Code", keywords: "fence pre snippet", run: edits.toggleCodeBlock },
  {
    id: "horizontalRule",
    label: "Horizontal rule",
    group: "Structure",
    keywords: "divider separator hr line",
    run: edits.insertRule,
  },
  {
    id: "frontMatter",
    label: "Front matter",
    group: "Structure",
    keywords: "yaml metadata header",
    run: edits.insertFrontMatter,
  },
  {
    id: "readMore",
    label: "Read-more break",
    group: "Structure",
    keywords: "excerpt more cut fold",
    run: edits.insertReadMore,
  },
];

const BY_ID = new Map(COMMANDS.map((c) => [c.id, c]));
export const commandById = (id: string): EditorCommand | undefined => BY_ID.get(id as CommandId);

/** 'Mod-Shift-p' as the keys read on this machine: 'Ctrl+Shift+P' or '⌘⇧P'. */
export function keyLabel(shortcut: string, mac: boolean): string {
  const parts = shortcut.split("-").map((p) => (p.length === 1 ? p.toUpperCase() : p));
  if (mac) return parts.map((p) => ({ Mod: "⌘", Shift: "⇧", Alt: "⌥" })[p] ?? p).join("");
  return parts.map((p) => (p === "Mod" ? "Ctrl" : p)).join("+");
}

export const PALETTE_SHORTCUT = "Mod-Shift-p";
