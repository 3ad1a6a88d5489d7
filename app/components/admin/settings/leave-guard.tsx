import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Dialog } from "~/components/admin/ui/dialog";
import { adminButton } from "~/components/admin/ui/styles";

/**
 * Unsaved settings are never lost silently: leaving for another screen asks first, and
 * closing or reloading the tab gets the browser's own warning.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocked = blocker.state === "blocked";
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave without saving?"
      description="Your changes to the chat settings are not saved yet."
    >
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={() => blocker.proceed?.()}>
          Leave without saving
        </button>
        <button type="button" className={adminButton.primary} onClick={() => blocker.reset?.()}>
          Stay on this page
        </button>
      </div>
    </Dialog>
  );
}
