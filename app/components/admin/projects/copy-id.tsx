import { useRef } from "react";
import { Copy } from "lucide-react";
import { toast } from "sonner";

/** The copy toast shows this long (back-office spec 9). */
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

/** The project ID with a button that copies it (back-office spec 2 "Projects"). */
export function ProjectIdCopy({ id, className = "" }: { id: string; className?: string }) {
  const button = useRef<HTMLButtonElement>(null);
  async function copy() {
    try {
      await writeClipboard(id, button.current);
      toast.success(`Project ID ${id} copied`, { duration: COPY_TOAST_MS });
    } catch {
      toast.error("Could not copy the project ID: select it and copy it by hand.", { duration: COPY_TOAST_MS * 2 });
    }
  }
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{id}</code>
      <button
        ref={button}
        type="button"
        onClick={() => void copy()}
        className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={`Copy project ID ${id}`}
        title="Copy project ID"
      >
        <Copy className="size-3.5" aria-hidden="true" />
      </button>
    </span>
  );
}
