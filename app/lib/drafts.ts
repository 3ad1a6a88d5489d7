/**
 * Unsaved forms kept in the browser, so a reload, a crash or a closed tab never loses what was
 * typed (docs/product/posts-and-portfolio.md "Editor autosave and drafts"; the old system's
 * autosave only updated an indicator, docs/decisions/009-content-and-editor.md). The admin's post,
 * portfolio, quote and invoice editors keep theirs in local storage; the public contact,
 * start-project and booking forms in the tab's session storage (docs/product/lead-paths.md "States").
 *
 * One draft per form: `post-draft:new`, `post-draft:{id}`, `quote-draft:new@{projectId}`,
 * `contact-draft:new`, ... Pure functions over a Storage, so the rules are tested without a browser.
 */
export type DraftKind = "post" | "portfolio" | "quote" | "invoice" | "contact" | "start-project" | "booking";
/** A saved record's id, or "new" (a new quote or invoice: "new@{projectId}", one per project). */
export type DraftId = number | "new" | `new@${string}`;
export type DraftValues = Record<string, string | boolean>;

export interface Draft {
  kind: DraftKind;
  id: DraftId;
  values: DraftValues;
  /** ISO time of the last write. */
  savedAt: string;
}

export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

export const draftKey = (kind: DraftKind, id: DraftId) => `${kind}-draft:${id}`;

function parseKey(key: string, kind: DraftKind): DraftId | null {
  const prefix = `${kind}-draft:`;
  if (!key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  if (rest === "new") return "new";
  return /^[1-9]\d{0,15}$/.test(rest) ? Number(rest) : null;
}

const isValues = (value: unknown): value is DraftValues =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string" || typeof v === "boolean");

/** Writes the draft; false when the browser refuses (storage full or blocked), so the form can say so. */
export function writeDraft(
  storage: DraftStorage,
  kind: DraftKind,
  id: DraftId,
  values: DraftValues,
  now = new Date(),
): boolean {
  try {
    storage.setItem(draftKey(kind, id), JSON.stringify({ values, savedAt: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function readDraft(storage: DraftStorage, kind: DraftKind, id: DraftId): Draft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(kind, id));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    if (!isValues(data.values) || typeof data.savedAt !== "string" || Number.isNaN(Date.parse(data.savedAt)))
      return null;
    return { kind, id, values: data.values, savedAt: data.savedAt };
  } catch {
    return null;
  }
}

export function removeDraft(storage: DraftStorage, kind: DraftKind, id: DraftId) {
  try {
    storage.removeItem(draftKey(kind, id));
  } catch {
    // Storage blocked: there was nothing we could have written either.
  }
}

/** Every readable draft of one kind, newest first. */
export function listDrafts(storage: DraftStorage, kind: DraftKind): Draft[] {
  const ids: DraftId[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const id = parseKey(storage.key(i) ?? "", kind);
      if (id !== null) ids.push(id);
    }
  } catch {
    return [];
  }
  return ids
    .map((id) => readDraft(storage, kind, id))
    .filter((d): d is Draft => d !== null)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export const draftTitle = (draft: Draft) => {
  const title = draft.values.title;
  return typeof title === "string" && title.trim() ? title.trim() : "Untitled";
};

/** Was the draft written after the post was last saved on the server? */
export const isDraftNewer = (draft: Draft, updatedAt: string | null | undefined) =>
  !updatedAt || Date.parse(draft.savedAt) > Date.parse(updatedAt);

/** The draft's values laid over a form's defaults: only known fields, each with its own type. */
export function mergeDraftValues<T extends DraftValues>(defaults: T, values: DraftValues): T {
  const merged: DraftValues = { ...defaults };
  for (const [key, value] of Object.entries(defaults)) {
    const stored = values[key];
    if (typeof stored === typeof value) merged[key] = stored!;
  }
  return merged as T;
}

export const sameValues = (a: DraftValues, b: DraftValues) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
};

/** The browser's local storage (or the tab's session storage), or null where it is blocked (private modes, policies). */
export function browserStorage(area: "local" | "session" = "local"): DraftStorage | null {
  try {
    if (typeof window === "undefined") return null;
    return area === "session" ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}
