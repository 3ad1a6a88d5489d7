/**
 * Tag chips: at most `max`, then '+N more' (docs/product/portfolio-and-demos.md "Projects page",
 * docs/product/blog.md "The blog list").
 */
export function TagChips({ tags, max, label = "Tags" }: { tags: readonly string[]; max: number; label?: string }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <li
          key={tag}
          className="max-w-full truncate rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100"
        >
          {tag}
        </li>
      ))}
      {hidden > 0 ? (
        <li
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
          title={tags.slice(max).join(", ")}
        >
          +{hidden} more
        </li>
      ) : null}
    </ul>
  );
}
