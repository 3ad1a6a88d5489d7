/**
 * The discovery checklist's ticks, kept in this browser only (docs/product/site-pages.md
 * "How it works"): localStorage under one key, mirrored in memory so the checklist still works for
 * the visit when storage is blocked.
 */
export const CHECKLIST_STORAGE_KEY = "discovery-checklist";

const listeners = new Set<() => void>();
let cache: string | null = null;

function readStorage(): string {
  try {
    return window.localStorage.getItem(CHECKLIST_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

/** The stored value as a string, stable between changes (a useSyncExternalStore snapshot). */
export function getChecklistSnapshot(): string {
  cache ??= readStorage();
  return cache;
}

/** Nothing is ticked in the server render; the stored ticks appear after hydration. */
export const getServerChecklistSnapshot = () => "";

export function subscribeToChecklist(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab ticked or cleared something.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHECKLIST_STORAGE_KEY && event.key !== null) return;
    cache = readStorage();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The ticked ids in a stored value, keeping only ids the checklist knows. */
export function parseTicked(raw: string, knownIds: readonly string[]): ReadonlySet<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return new Set();
    return new Set(value.filter((id): id is string => typeof id === "string" && knownIds.includes(id)));
  } catch {
    return new Set();
  }
}

export function storeTicked(ids: readonly string[]) {
  cache = ids.length ? JSON.stringify(ids) : "";
  try {
    if (cache) window.localStorage.setItem(CHECKLIST_STORAGE_KEY, cache);
    else window.localStorage.removeItem(CHECKLIST_STORAGE_KEY);
  } catch {
    // Storage blocked: the ticks last for this visit only.
  }
  for (const listener of listeners) listener();
}
