import { startTransition, useEffect, useState } from "react";

/** Whether this page has hydrated (a component using the hook below has run its effects). */
let hydrated = false;

/**
 * A browser store read like useSyncExternalStore (the same three arguments), with each change
 * rendered in a transition. When the browser's value differs from the server's,
 * useSyncExternalStore renders again synchronously at the end of hydration, one task that held a
 * phone's main thread for 15-60 ms (a whole form, home's project cards); a transition renders in
 * slices the browser can interrupt. Hydration renders the server's value, as the server's HTML
 * does; a component that mounts later starts from the store's current value.
 */
export function useTransitionStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [value, setValue] = useState(hydrated ? getSnapshot : getServerSnapshot);
  useEffect(() => {
    hydrated = true;
    const update = () => startTransition(() => setValue(getSnapshot()));
    const unsubscribe = subscribe(update);
    update();
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return value;
}
