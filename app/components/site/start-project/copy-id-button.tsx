import { useEffect, useState } from "react";
import { copyLabels } from "~/content/copy-labels";

/**
 * Copies the Project ID; 'Copied!' shows for 2 seconds (docs/product/lead-paths.md "Confirmation").
 * A failed copy is logged ("Errors").
 */
export function CopyIdButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      console.warn("Could not copy the Project ID", error);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-100"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="h-4 w-4"
        >
          <rect x="9" y="9" width="13" height="13" rx="2" />
          <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
        </svg>
        {copied ? copyLabels.copiedLabel : copyLabels.copyLabel}
      </button>
      <span role="status" className="sr-only">
        {copied ? "Project ID copied to the clipboard" : ""}
      </span>
    </>
  );
}
