import { useCallback, useEffect, useReducer, useRef } from "react";
import { formatTime } from "./text-edits";

/**
 * The autosave indicator (docs/product/posts-and-portfolio.md "Editor autosave and drafts"): after
 * a change the editor waits its interval, shows 'Saving...' for about half a second, then 'Saved
 * {time}'. The transitions are a pure reducer; the hook owns the timers and page-hide flush.
 */
export type AutosaveState =
  { status: "idle" } | { status: "unsaved" } | { status: "saving"; at: number } | { status: "saved"; at: number };

export type AutosaveEvent =
  | { type: "change" }
  /** The interval elapsed: onAutosave ran. */
  | { type: "save"; at: number }
  /** 'Saving...' has shown long enough. */
  | { type: "done" }
  /** The page was hidden with unsaved changes: onAutosave ran at once. */
  | { type: "flush"; at: number };

// docs/product/posts-and-portfolio.md "Editor autosave and drafts": 30 s by default (the post form
// passes 10 s); 'Saving...' for about 0.5 s.
export const DEFAULT_AUTOSAVE_MS = 30_000;
export const SAVING_SHOWN_MS = 500;

export function autosaveReducer(state: AutosaveState, event: AutosaveEvent): AutosaveState {
  switch (event.type) {
    case "change":
      return { status: "unsaved" };
    case "save":
      return state.status === "unsaved" ? { status: "saving", at: event.at } : state;
    case "done":
      return state.status === "saving" ? { status: "saved", at: state.at } : state;
    case "flush":
      return state.status === "unsaved" ? { status: "saved", at: event.at } : state;
  }
}

export function autosaveText(state: AutosaveState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "unsaved":
      return "Unsaved changes";
    case "saving":
      return "Saving...";
    case "saved":
      return `Saved ${formatTime(new Date(state.at))}`;
  }
}

export function useAutosave(interval: number, onAutosave: (() => void) | undefined) {
  const [state, dispatch] = useReducer(autosaveReducer, { status: "idle" });
  const save = useRef(onAutosave);
  const dirty = useRef(false);
  const timers = useRef<{ wait?: number; shown?: number }>({});

  useEffect(() => {
    save.current = onAutosave;
  }, [onAutosave]);

  const markChanged = useCallback(() => {
    dirty.current = true;
    dispatch({ type: "change" });
    window.clearTimeout(timers.current.wait);
    window.clearTimeout(timers.current.shown);
    timers.current.wait = window.setTimeout(() => {
      dirty.current = false;
      save.current?.();
      dispatch({ type: "save", at: Date.now() });
      timers.current.shown = window.setTimeout(() => dispatch({ type: "done" }), SAVING_SHOWN_MS);
    }, interval);
  }, [interval]);

  // Leaving or hiding the page with unsaved changes saves them at once.
  useEffect(() => {
    const pending = timers.current;
    const flush = () => {
      if (!dirty.current) return;
      dirty.current = false;
      window.clearTimeout(pending.wait);
      save.current?.();
      dispatch({ type: "flush", at: Date.now() });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearTimeout(pending.wait);
      window.clearTimeout(pending.shown);
    };
  }, []);

  return { state, markChanged };
}
