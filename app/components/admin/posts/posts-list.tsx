import type { Post } from "~/contracts/post-content";
import { Badge } from "../ui/badge";
import { formatDate } from "../ui/format";
import { ContentRow, ViewCount } from "./content-row";
import { TYPE_ICON, TYPE_LABEL, TYPE_TONE } from "./labels";

/**
 * docs/product/posts-and-portfolio.md "Post manager" rows: type icon, title, status, type badge,
 * slug, published date or 'Not published', views, created date, View (only when published), Edit,
 * Delete.
 */
export function PostRows({
  posts,
  onEdit,
  onDelete,
}: {
  posts: Post[];
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}) {
  return posts.map((post) => {
    const Icon = TYPE_ICON[post.post_type];
    return (
      <ContentRow
        key={post.id}
        post={post}
        icon={
          <span className="mt-0.5 rounded-lg bg-slate-100 p-2 text-slate-700">
            <Icon className="size-4" aria-hidden="true" />
          </span>
        }
        badges={<Badge tone={TYPE_TONE[post.post_type]}>{TYPE_LABEL[post.post_type]}</Badge>}
        meta={[
          post.published_at ? `Published ${formatDate(post.published_at)}` : "Not published",
          <ViewCount key="views" count={post.view_count} />,
        ]}
        link={post.status === "published" ? { href: `/blog/${post.slug}`, label: "View" } : undefined}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  });
}
