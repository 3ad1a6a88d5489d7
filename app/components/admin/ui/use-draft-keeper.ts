import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { toast } from "sonner";
import {
  browserStorage,
  listDrafts,
  readDraft,
  removeDraft,
  writeDraft,
  type Draft,
  type DraftId,
  type DraftKind,
  type DraftValues,
} from "~/lib/drafts";

/** Told on window whenever this tab writes or removes a draft; other tabs hear the storage event. */
const DRAFTS_CHANGED = "admin-drafts-changed";
export const announceDrafts = () => window.dispatchEvent(new Event(DRAFTS_CHANGED));

function subscribe(onChange: () => void) {
  window.addEventListener(DRAFTS_CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(DRAFTS_CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The drafts of one kind in this browser, kept current as forms write them. */
export function useDrafts(kind: DraftKind): Draft[] {
  // The snapshot is text, so an unchanged storage gives an equal value.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => {
      const storage = browserStorage();
      return JSON.stringify(storage ? listDrafts(storage, kind) : []);
    },
    () => "[]",
  );
  return useMemo(() => JSON.parse(snapshot) as Draft[], [snapshot]);
}

/** One form's draft in this browser, or null, kept current as forms write it. */
export function useStoredDraft(kind: DraftKind, id: DraftId): Draft | null {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => {
      const storage = browserStorage();
      return JSON.stringify(storage ? readDraft(storage, kind, id) : null);
    },
    () => "null",
  );
  return useMemo(() => JSON.parse(snapshot) as Draft | null, [snapshot]);
}

/**
 * Keeps an open form's unsaved values in the browser (app/lib/drafts.ts):
 * a short while after each change, whenever `keep` is called (the markdown
 * editor's autosave), when the page is hidden or unloaded, and when the form
 * closes without saving. `clear` ends it after a save or a discard.
 */
export function useDraftKeeper({
  kind,
  id,
  values,
  dirty,
  debounceMs,
}: {
  kind: DraftKind;
  id: DraftId;
  values: DraftValues;
  dirty: boolean;
  debounceMs: number;
}) {
  const latest = useRef({ values, dirty });
  const finished = useRef(false);
  const wrote = useRef(false);
  const warned = useRef(false);
  useEffect(() => {
    latest.current = { values, dirty };
  });

  const write = useCallback(
    (current: DraftValues, changed: boolean) => {
      if (finished.current) return;
      const storage = browserStorage();
      if (!changed) {
        // Back to the saved version: a draft this form wrote would only repeat it.
        if (wrote.current && storage) removeDraft(storage, kind, id);
        wrote.current = false;
        announceDrafts();
        return;
      }
      if (storage && writeDraft(storage, kind, id, current)) {
        wrote.current = true;
        announceDrafts();
      } else if (!warned.current) {
        warned.current = true;
        toast.warning(
          "This browser is not keeping a draft of your changes (storage is full or blocked). Save soon to be safe.",
        );
      }
    },
    [kind, id],
  );
  const keep = useCallback(() => write(latest.current.values, latest.current.dirty), [write]);

  useEffect(() => {
    if (!dirty) return;
    const timer = window.setTimeout(() => write(values, dirty), debounceMs);
    return () => window.clearTimeout(timer);
  }, [values, dirty, debounceMs, write]);

  useEffect(() => {
    const onHidden = () => document.visibilityState === "hidden" && keep();
    window.addEventListener("pagehide", keep);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", keep);
      document.removeEventListener("visibilitychange", onHidden);
      keep();
    };
  }, [keep]);

  const clear = useCallback(() => {
    finished.current = true;
    const storage = browserStorage();
    if (storage) removeDraft(storage, kind, id);
    announceDrafts();
  }, [kind, id]);

  return { keep, clear };
}
