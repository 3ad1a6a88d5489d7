import { useRef } from "react";
import { Copy } from "lucide-react";
import { copyWithToast } from "../ui/copy";

/** The project ID with a button that copies it (docs/product/projects.md "The screen", "Errors"). */
export function ProjectIdCopy({ id, className = "" }: { id: string; className?: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const copy = () =>
    copyWithToast(id, button.current, {
      copied: `Project ID ${id} copied`,
      refused: "Could not copy the project ID: select it and copy it by hand.",
    });
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
