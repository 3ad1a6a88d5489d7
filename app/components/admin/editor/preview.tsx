import { useEffect, useMemo, useState } from "react";
import { proseClass } from "~/components/blog/prose";
import { renderPostBody } from "~/lib/content/markdown";

/**
 * The live preview: the public renderer (app/lib/content/markdown.ts) and the public post
 * body's typography (app/components/blog/prose.ts), so the owner sees the page's result.
 */

/** The public typography at help-guide size. */
export const compactProseClass = proseClass.replace("text-lg leading-8", "text-sm leading-6");

export const PREVIEW_DELAY_MS = 250;

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function Preview({ text, className = "" }: { text: string; className?: string }) {
  const source = useDebounced(text, PREVIEW_DELAY_MS);
  const html = useMemo(() => renderPostBody(source), [source]);
  return (
    <section aria-label="Preview" className={`overflow-y-auto bg-white px-4 py-4 sm:px-6 ${className}`}>
      {source.trim() ? (
        <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="text-sm text-slate-600">Nothing to preview yet.</p>
      )}
    </section>
  );
}
