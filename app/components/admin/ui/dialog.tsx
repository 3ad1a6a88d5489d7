import { useEffect, useLayoutEffect, useRef } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";

/** A layout effect in the browser (before Radix moves the focus in); nothing on the server. */
const useBeforeFocusMoves = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The control that had the focus when the dialog opened, focused again when it closes (Escape,
 * ✕ or Cancel): a keyboard user goes on from where they were. Radix returns the focus only to a
 * Dialog.Trigger, and these dialogs open from state. A control gone meanwhile (its row
 * re-rendered away) leaves the focus where the browser puts it.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useBeforeFocusMoves(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}

/**
 * The admin's dialog: Radix (focus trap, Escape, labelled) with the admin look. Content scrolls
 * inside the dialog. The bottom of the screen stays clear of it (7.5 rem on a phone, 8 rem
 * above): the notices (layout.tsx's Toaster, bottom-right) sit there and cover none of its
 * controls, the ✕ included.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className={`fixed top-4 left-1/2 z-50 max-h-[calc(100dvh-8.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:top-[6vh] sm:max-h-[calc(94dvh-8rem)] sm:p-6 ${
            wide ? "max-w-3xl" : "max-w-lg"
          }`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
