import { toast } from "sonner";

/** The copy toast shows this long (docs/product/projects.md "The screen": 2 seconds); a refusal's, twice as long. */
export const COPY_TOAST_MS = 2000;

/** Writes to the clipboard; where the Clipboard API is refused, through a selected text field. */
export async function writeClipboard(text: string, near: HTMLElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Next: the older way, inside the element's own container (a dialog keeps focus in itself).
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  const host = near?.parentElement ?? document.body;
  host.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  near?.focus();
  if (!copied) throw new Error("copy refused");
}

/**
 * Copies `text` (`near`: the button, where the fallback keeps the focus) and says so in a toast
 * for COPY_TOAST_MS; a refusal's toast says how to copy by hand.
 */
export async function copyWithToast(
  text: string,
  near: HTMLElement | null,
  messages: { copied: string; refused: string },
) {
  try {
    await writeClipboard(text, near);
    toast.success(messages.copied, { duration: COPY_TOAST_MS });
  } catch {
    toast.error(messages.refused, { duration: COPY_TOAST_MS * 2 });
  }
}
