import { useTransitionStore } from "~/lib/transition-store";

const noSubscription = () => () => {};
const always = () => true;
const never = () => false;

/**
 * False in the server's HTML and while hydrating, true after: the booking page swaps its
 * placeholder for the calendar then. The same as the forms' own (app/components/site/forms/
 * field-parts.tsx), kept here so the page's first load does not bring the forms' chunk.
 */
export function useHydrated(): boolean {
  return useTransitionStore(noSubscription, always, never);
}
