import { useEffect, useRef, useState } from "react";

/** Typing settles this long before the server is asked: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * A search box over a search that lives elsewhere (the address): the box answers every key, and
 * `onSearch` follows once typing settles. A search changed from outside (Back, a link, Clear)
 * shows in the box; the box's own writes coming back do not overwrite what was typed since.
 */
export function useSearchBox(search: string, onSearch: (value: string) => void, delay = SEARCH_DEBOUNCE_MS) {
  const [typed, setTyped] = useState(search);
  const [seen, setSeen] = useState(search);
  // The value this box last wrote and has not yet seen come back.
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (search !== seen) {
    setSeen(search);
    if (search === pending) setPending(null);
    else setTyped(search);
  }

  // What is typed and not yet searched for, and the search for it.
  const waiting = useRef<(() => void) | null>(null);

  function type(value: string) {
    setTyped(value);
    window.clearTimeout(timer.current);
    waiting.current = () => {
      waiting.current = null;
      // Spaces around the words are no part of the search, and a blank search is no search.
      const next = value.trim();
      if (next === latest.current) return;
      setPending(next);
      onSearch(next);
    };
    timer.current = window.setTimeout(() => waiting.current?.(), delay);
  }

  /**
   * Searches at once for what is typed (Enter, or leaving the box). Leaving it by a click on a
   * link matters: the search written a moment after would replace the link's navigation.
   */
  function flush() {
    window.clearTimeout(timer.current);
    waiting.current?.();
  }

  /** Empties the box at once (a Clear button); the caller clears the search itself. */
  function clear() {
    window.clearTimeout(timer.current);
    waiting.current = null;
    setTyped("");
  }

  return { typed, type, flush, clear };
}

/** The value once it has stopped changing for `delay` ms (a picker's search, which has no address). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
