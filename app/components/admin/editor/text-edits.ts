/**
 * The editor's commands (docs/product/posts-and-portfolio.md "Commands") as pure functions over a
 * text and a selection. Each answers the changes in the coordinates of the old text (sorted, not
 * overlapping, as CodeMirror takes them) and the selection in the new one.
 */
export interface TextSelection {
  doc: string;
  from: number;
  to: number;
}
export interface Change {
  from: number;
  to: number;
  insert: string;
}
export interface TextEdit {
  changes: Change[];
  selection: { anchor: number; head: number };
}

interface Line {
  from: number;
  to: number;
  text: string;
}

/** The text after the changes (tests and previews). */
export function applyChanges(doc: string, changes: readonly Change[]): string {
  let out = doc;
  for (const c of [...changes].sort((a, b) => b.from - a.from)) out = out.slice(0, c.from) + c.insert + out.slice(c.to);
  return out;
}

/**
 * Where a position of the old text lands in the new one. assoc < 0 keeps it before
 * text inserted at it, assoc > 0 moves it past.
 */
export function mapPos(pos: number, changes: readonly Change[], assoc = -1): number {
  let delta = 0;
  for (const c of changes) {
    if (pos < c.from) break;
    if (pos > c.to) {
      delta += c.insert.length - (c.to - c.from);
      continue;
    }
    if (pos === c.to && c.to > c.from) return c.from + delta + c.insert.length;
    return c.from + delta + (assoc > 0 ? c.insert.length : 0);
  }
  return pos + delta;
}

function lineAt(doc: string, pos: number): Line {
  const from = doc.lastIndexOf("\n", pos - 1) + 1;
  const end = doc.indexOf("\n", pos);
  const to = end === -1 ? doc.length : end;
  return { from, to, text: doc.slice(from, to) };
}

/** The lines a selection touches; a selection that ends at a line's start leaves that line out. */
function selectedLines({ doc, from, to }: TextSelection): Line[] {
  const end = to > from && lineAt(doc, to).from === to ? to - 1 : to;
  let line = lineAt(doc, from);
  const lines = [line];
  while (line.to < end) {
    line = lineAt(doc, line.to + 1);
    lines.push(line);
  }
  return lines;
}

const isBlank = (text: string) => text.trim() === "";
/** The regex groups this module's patterns always have, as strings. */
const group = (m: RegExpExecArray | null, i: number) => m?.[i] ?? "";

function selectionAfter(changes: Change[], from: number, to: number): TextEdit["selection"] {
  if (from === to) {
    const at = mapPos(from, changes, 1);
    return { anchor: at, head: at };
  }
  return { anchor: mapPos(from, changes, -1), head: mapPos(to, changes, 1) };
}

/** Inserts text at `at` and selects the part of it from `selFrom` to `selTo` (offsets into `text`). */
function insertAndSelect(at: number, to: number, text: string, selFrom: number, selTo = selFrom): TextEdit {
  return { changes: [{ from: at, to, insert: text }], selection: { anchor: at + selFrom, head: at + selTo } };
}

// ---------------------------------------------------------------------------
// Inline marks: bold, italic, inline code

function runOf(doc: string, pos: number, char: string | undefined, step: 1 | -1): number {
  let n = 0;
  for (let i = step === 1 ? pos : pos - 1; i >= 0 && i < doc.length && doc[i] === char; i += step) n++;
  return n;
}

/**
 * Whether a run of marker characters on both sides means the mark is on: `**` is bold,
 * `*` italic and `***` both (so italic is on for runs of 1 and 3, bold for 2 and 3).
 */
function markOn(run: number, size: number, char: string | undefined): boolean {
  if (char !== "*") return run === size;
  return size === 2 ? run === 2 || run === 3 : run === 1 || run === 3;
}

/** Wraps every selected line's text in the marker, or unwraps it when all of it is marked. */
export function toggleInline({ doc, from, to }: TextSelection, marker: string, placeholder: string): TextEdit {
  if (from === to)
    return insertAndSelect(from, to, marker + placeholder + marker, marker.length, marker.length + placeholder.length);
  const char = marker[0];
  const size = marker.length;
  const segments = selectedLines({ doc, from, to })
    .map((line) => {
      let start = Math.max(from, line.from);
      let end = Math.min(to, line.to);
      while (start < end && /\s/.test(doc.charAt(start))) start++;
      while (end > start && /\s/.test(doc.charAt(end - 1))) end--;
      return { start, end };
    })
    .filter((s) => s.end > s.start);
  if (segments.length === 0) return { changes: [], selection: { anchor: from, head: to } };

  // A marker run may sit outside the segment, inside it, or across its edge (as after a wrap).
  const state = segments.map(({ start, end }) => {
    const li = Math.min(runOf(doc, start, char, 1), end - start);
    const ri = Math.min(runOf(doc, end, char, -1), end - start);
    const left = runOf(doc, start, char, -1) + li;
    const right = runOf(doc, end, char, 1) + ri;
    const on = start + li < end - ri && markOn(Math.min(left, right), size, char);
    return { start, end, on, open: start + li, close: end - ri };
  });
  const allOn = state.every((s) => s.on);
  const first = state[0]!;
  const last = state[state.length - 1]!;
  const changes: Change[] = [];
  for (const s of state) {
    if (allOn) {
      changes.push({ from: s.open - size, to: s.open, insert: "" }, { from: s.close, to: s.close + size, insert: "" });
    } else if (!s.on) {
      changes.push({ from: s.start, to: s.start, insert: marker }, { from: s.end, to: s.end, insert: marker });
    }
  }
  // The selection stays on the text itself, inside the markers.
  return {
    changes,
    selection: allOn
      ? { anchor: mapPos(first.open, changes, -1), head: mapPos(last.close, changes, -1) }
      : { anchor: mapPos(first.start, changes, 1), head: mapPos(last.end, changes, -1) },
  };
}

export const toggleBold = (sel: TextSelection) => toggleInline(sel, "**", "bold text");
export const toggleItalic = (sel: TextSelection) => toggleInline(sel, "*", "italic text");
export const toggleInlineCode = (sel: TextSelection) => toggleInline(sel, "`", "code");

// ---------------------------------------------------------------------------
// Line prefixes: headings, lists, quotes

const HEADING = /^\s{0,3}(#{1,6})(?:[ \t]+|$)/;
const LIST = /^(\s*)([-*+][ \t]+\[[ xX]\][ \t]+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)/;
const QUOTE = /^(\s*)>[ \t]?/;

export type ListKind = "bullet" | "ordered" | "task";

function listKind(marker: string): ListKind {
  if (marker.includes("[")) return "task";
  return /\d/.test(marker) ? "ordered" : "bullet";
}

/** A line command on an empty line: the prefix and a selected placeholder. */
function prefixPlaceholder(sel: TextSelection, prefix: string, placeholder: string): TextEdit {
  const line = lineAt(sel.doc, sel.to);
  return insertAndSelect(line.from, line.to, prefix + placeholder, prefix.length, prefix.length + placeholder.length);
}

export function toggleHeading(sel: TextSelection, level: 1 | 2 | 3): TextEdit {
  const lines = selectedLines(sel).filter((l) => !isBlank(l.text));
  if (lines.length === 0) return prefixPlaceholder(sel, `${"#".repeat(level)} `, `Heading ${level}`);
  const allOn = lines.every((l) => group(HEADING.exec(l.text), 1).length === level);
  const changes = lines.map((l) => {
    const existing = group(HEADING.exec(l.text), 0) || group(/^\s*/.exec(l.text), 0);
    return { from: l.from, to: l.from + existing.length, insert: allOn ? "" : `${"#".repeat(level)} ` };
  });
  return { changes, selection: selectionAfter(changes, sel.from, sel.to) };
}

export function toggleList(sel: TextSelection, kind: ListKind): TextEdit {
  const lines = selectedLines(sel).filter((l) => !isBlank(l.text));
  const prefixFor = (n: number) => (kind === "ordered" ? `${n}. ` : kind === "task" ? "- [ ] " : "- ");
  if (lines.length === 0) return prefixPlaceholder(sel, prefixFor(1), kind === "task" ? "Task" : "List item");
  const allOn = lines.every((l) => {
    const m = LIST.exec(l.text);
    return m !== null && listKind(group(m, 2)) === kind;
  });
  const changes = lines.map((l, i) => {
    const m = LIST.exec(l.text);
    const indent = m ? group(m, 1).length : group(/^\s*/.exec(l.text), 0).length;
    const from = l.from + indent;
    return { from, to: from + group(m, 2).length, insert: allOn ? "" : prefixFor(i + 1) };
  });
  return { changes, selection: selectionAfter(changes, sel.from, sel.to) };
}

export function toggleQuote(sel: TextSelection): TextEdit {
  const all = selectedLines(sel);
  const filled = all.filter((l) => !isBlank(l.text));
  if (filled.length === 0) return prefixPlaceholder(sel, "> ", "Quote");
  const allOn = filled.every((l) => QUOTE.test(l.text));
  const changes: Change[] = [];
  for (const l of all) {
    const m = QUOTE.exec(l.text);
    if (allOn) {
      if (m) changes.push({ from: l.from + group(m, 1).length, to: l.from + m[0].length, insert: "" });
    } else if (!m) {
      // Blank lines inside the selection get a bare '>' so the quote stays one block.
      changes.push({ from: l.from, to: l.from, insert: isBlank(l.text) ? ">" : "> " });
    }
  }
  return { changes, selection: selectionAfter(changes, sel.from, sel.to) };
}

// ---------------------------------------------------------------------------
// Blocks: code block, table, rule, read-more, front matter

const FENCE = /^\s{0,3}```/;

/** How many fence lines open or close before `pos`: an odd count means `pos` is inside a code block. */
function fencesBefore(doc: string, pos: number): number {
  return doc
    .slice(0, pos)
    .split("\n")
    .filter((text) => FENCE.test(text)).length;
}

export function toggleCodeBlock(sel: TextSelection): TextEdit {
  const { doc } = sel;
  const lines = selectedLines(sel);
  const [first, last] = [lines[0]!, lines[lines.length - 1]!];
  const before = first.from > 0 ? lineAt(doc, first.from - 1) : null;
  const after = last.to < doc.length ? lineAt(doc, last.to + 1) : null;
  // Inside a fenced block whose fences sit right around the selection: remove them.
  if (
    before &&
    after &&
    FENCE.test(before.text) &&
    /^\s{0,3}```\s*$/.test(after.text) &&
    fencesBefore(doc, first.from) % 2 === 1
  ) {
    const changes = [
      { from: before.from, to: first.from, insert: "" },
      { from: last.to, to: after.to, insert: "" },
    ];
    return { changes, selection: selectionAfter(changes, sel.from, sel.to) };
  }
  // The selection is a fenced block itself.
  if (lines.length >= 2 && FENCE.test(first.text) && /^\s{0,3}```\s*$/.test(last.text)) {
    const inner = doc.slice(lines[1]!.from, lines[lines.length - 2]!.to);
    const changes = [{ from: first.from, to: last.to, insert: lines.length > 2 ? inner : "" }];
    return { changes, selection: { anchor: first.from, head: first.from + (lines.length > 2 ? inner.length : 0) } };
  }
  if (lines.length === 1 && isBlank(first.text)) return insertAndSelect(first.from, first.to, "```\ncode\n```", 4, 8);
  const text = doc.slice(first.from, last.to);
  const changes = [{ from: first.from, to: last.to, insert: "```\n" + text + "\n```" }];
  return { changes, selection: { anchor: first.from + 4, head: first.from + 4 + text.length } };
}

/**
 * Puts a block on lines of its own, after the line the selection ends on, with a blank
 * line on each side (a '---' right under text would make that text a heading).
 * `select` is an offset range inside the block, or undefined for the cursor after it.
 */
export function insertBlock({ doc, to }: TextSelection, block: string, select?: [number, number]): TextEdit {
  const line = lineAt(doc, to);
  const onBlankLine = isBlank(line.text);
  const at = onBlankLine ? line.from : line.to;
  const before = doc.slice(0, at);
  const rest = doc.slice(onBlankLine ? line.to : at);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = rest.startsWith("\n\n") ? "" : rest.startsWith("\n") ? "\n" : rest === "" ? "\n" : "\n\n";
  const insert = lead + block + trail;
  const end = onBlankLine ? line.to : at;
  if (select) return insertAndSelect(at, end, insert, lead.length + select[0], lead.length + select[1]);
  // The cursor goes to where writing goes on: the line after the block and its blank line.
  const newlines = /^\n*/.exec(trail + rest)![0].length;
  const cursor = at + lead.length + block.length + Math.min(newlines, 2);
  return { changes: [{ from: at, to: end, insert }], selection: { anchor: cursor, head: cursor } };
}

export const TABLE_TEMPLATE = [
  "| Header 1 | Header 2 | Header 3 |",
  "| -------- | -------- | -------- |",
  "| Cell     | Cell     | Cell     |",
  "| Cell     | Cell     | Cell     |",
].join("\n");

/** A table of three columns and two rows, its first header selected. */
export const insertTable = (sel: TextSelection) => insertBlock(sel, TABLE_TEMPLATE, [2, 10]);
export const insertRule = (sel: TextSelection) => insertBlock(sel, "---");

/**
 * The read-more break. The public renderer (app/lib/content/markdown.ts) drops HTML
 * comments, so the marker never shows on the page.
 */
export const READ_MORE = "<!-- more -->";
export const insertReadMore = (sel: TextSelection) => insertBlock(sel, READ_MORE);

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

export function isoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A YAML block at the top; with one there already, the cursor moves into it instead. */
export function insertFrontMatter({ doc }: TextSelection, now: Date): TextEdit {
  if (FRONT_MATTER.test(doc)) return { changes: [], selection: { anchor: 4, head: 4 } };
  const title = "Post title";
  const block = `---\ntitle: ${title}\ndate: ${isoDate(now)}\ntags: []\n---\n`;
  const insert = doc === "" ? block : block + (doc.startsWith("\n") ? "" : "\n");
  return insertAndSelect(0, 0, insert, 11, 11 + title.length);
}

// ---------------------------------------------------------------------------
// Replacements: date, time, link, image

/** Replaces the selection with text and puts the cursor after it. */
export function replaceSelection({ from, to }: TextSelection, text: string): TextEdit {
  return insertAndSelect(from, to, text, text.length);
}

export const formatDate = (now: Date) =>
  now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
/** en-US time like '3:42 PM' (also the autosave indicator's format). */
export const formatTime = (now: Date) =>
  // ICU puts a narrow no-break space before AM/PM; the text gets a plain one.
  now.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }).replace(/\u202f/g, " ");

export const insertDate = (sel: TextSelection, now: Date) => replaceSelection(sel, formatDate(now));
export const insertTime = (sel: TextSelection, now: Date) => replaceSelection(sel, formatTime(now));

/** A link destination with spaces or parentheses needs angle brackets. */
function destination(url: string): string {
  const trimmed = url.trim();
  return /[\s()<>]/.test(trimmed) ? `<${trimmed.replace(/[<>]/g, encodeURIComponent)}>` : trimmed;
}

/** `[text](url)`: the selection becomes the text; without one, a placeholder text is selected. */
export function insertLink({ doc, from, to }: TextSelection, url: string, text?: string): TextEdit {
  const label = (text ?? doc.slice(from, to)).replace(/\n+/g, " ").trim();
  const dest = destination(url);
  if (label) return replaceSelection({ doc, from, to }, `[${label}](${dest})`);
  const placeholder = "link text";
  return insertAndSelect(from, to, `[${placeholder}](${dest})`, 1, 1 + placeholder.length);
}

/** `![alt](url)`: without an alt text, a placeholder is selected so the owner writes one. */
export function insertImage({ doc, from, to }: TextSelection, url: string, alt?: string): TextEdit {
  const text = (alt ?? doc.slice(from, to)).replace(/[\n[\]]+/g, " ").trim();
  const dest = destination(url);
  if (text) return replaceSelection({ doc, from, to }, `![${text}](${dest})`);
  const placeholder = "image description";
  return insertAndSelect(from, to, `![${placeholder}](${dest})`, 2, 2 + placeholder.length);
}

/** A selected text that looks like an address, offered as the link's URL. */
export function selectedUrl({ doc, from, to }: TextSelection): string {
  const text = doc.slice(from, to).trim();
  return /^(https?:\/\/|mailto:|\/)\S+$/.test(text) ? text : "";
}
