import { Fragment } from "react";

/** A description from the document, with its `code` spans shown as code (the only markup it uses). */
export function DocText({ text }: { text: string }) {
  return text.split(/(`[^`]+`)/).map((part, index) =>
    part.length > 2 && part.startsWith("`") && part.endsWith("`") ? (
      <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-slate-900">
        {part.slice(1, -1)}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
