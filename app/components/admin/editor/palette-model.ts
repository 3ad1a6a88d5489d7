import { COMMAND_GROUPS, COMMANDS, commandById, type CommandId, type EditorCommand } from "./commands";

// docs/product/posts-and-portfolio.md "Commands": the editor stores 10 recent commands and shows 5.
export const RECENT_STORED = 10;
export const RECENT_SHOWN = 5;
export const RECENT_STORAGE_KEY = "markdown-editor-recent-commands";

/** The command just run first, without repeats, at most 10. */
export function pushRecent(recent: readonly CommandId[], id: CommandId): CommandId[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, RECENT_STORED);
}

/** The stored list, keeping only known commands (a hand-edited or stale value is no error). */
export function parseRecent(raw: string | null): CommandId[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((v): v is CommandId => typeof v === "string" && commandById(v) !== undefined);
    return [...new Set(ids)].slice(0, RECENT_STORED);
  } catch {
    return [];
  }
}

export function readRecent(): CommandId[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_STORAGE_KEY));
  } catch {
    return []; // storage blocked: the palette works without history
  }
}

export function writeRecent(recent: readonly CommandId[]) {
  try {
    window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(recent));
  } catch {
    // storage full or blocked: history is a convenience
  }
}

/** Every word of the query appears in the command's name, group or keywords. */
export function matchesQuery(command: EditorCommand, query: string): boolean {
  const haystack = `${command.label} ${command.group} ${command.keywords}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export interface PaletteItem {
  /** Unique in the list (a recent command shows twice). */
  key: string;
  command: EditorCommand;
}
export interface PaletteGroup {
  label: string;
  items: PaletteItem[];
}

/** The palette's groups: 'Recent' first while the search is empty, then the categories. */
export function paletteGroups(query: string, recent: readonly CommandId[]): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  if (!query.trim()) {
    const items = recent
      .slice(0, RECENT_SHOWN)
      .map((id) => commandById(id))
      .filter((c): c is EditorCommand => c !== undefined)
      .map((command) => ({ key: `recent-${command.id}`, command }));
    if (items.length > 0) groups.push({ label: "Recent", items });
  }
  for (const label of COMMAND_GROUPS) {
    const items = COMMANDS.filter((c) => c.group === label && matchesQuery(c, query)).map((command) => ({
      key: command.id,
      command,
    }));
    if (items.length > 0) groups.push({ label, items });
  }
  return groups;
}
