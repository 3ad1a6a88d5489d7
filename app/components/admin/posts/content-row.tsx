import { ExternalLink, Eye, Pencil, Trash2 } from "lucide-react";
import type { Post } from "~/contracts/post-content";
import { Badge } from "../ui/badge";
import { formatDate } from "../ui/format";
import { STATUS_LABEL, STATUS_TONE } from "./labels";

/**
 * One post or project in a manager's list: a row from the md breakpoint, a
 * card on a phone (the same markup, wrapping), never wider than the screen.
 */
export function ContentRow({
  post,
  icon,
  badges,
  meta,
  extra,
  link,
  onEdit,
  onDelete,
}: {
  post: Post;
  icon?: React.ReactNode;
  /** After the status badge. */
  badges?: React.ReactNode;
  /** Facts after the slug, one element each. */
  meta: React.ReactNode[];
  extra?: React.ReactNode;
  /** The public page (View) or the live site (Live), when there is one. */
  link?: { href: string; label: string };
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        {icon}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900">{post.title}</h3>
            <Badge tone={STATUS_TONE[post.status]}>{STATUS_LABEL[post.status]}</Badge>
            {badges}
          </div>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <li className="font-mono [overflow-wrap:anywhere]">
              <span className="sr-only">Slug: </span>
              {post.slug}
            </li>
            {meta.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
            <li>Created {formatDate(post.created_at)}</li>
          </ul>
          {extra}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
        {link && (
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={rowButton}>
            <ExternalLink className="size-3.5" aria-hidden="true" />
            {link.label}
            <span className="sr-only"> {post.title} (opens in a new tab)</span>
          </a>
        )}
        <button type="button" className={rowButton} onClick={() => onEdit(post)}>
          <Pencil className="size-3.5" aria-hidden="true" /> Edit<span className="sr-only"> {post.title}</span>
        </button>
        <button type="button" className={`${rowButton} text-red-800 hover:bg-red-50`} onClick={() => onDelete(post)}>
          <Trash2 className="size-3.5" aria-hidden="true" /> Delete<span className="sr-only"> {post.title}</span>
        </button>
      </div>
    </li>
  );
}

const rowButton =
  "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

export function ViewCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Eye className="size-3.5" aria-hidden="true" />
      {count.toLocaleString("en-US")} {count === 1 ? "view" : "views"}
    </span>
  );
}
