import { Globe, Star } from "lucide-react";
import { parsePortfolioContent, type Post } from "~/contracts/post-content";
import { Badge } from "../ui/badge";
import { ContentRow, ViewCount } from "./content-row";

/** docs/product/posts-and-portfolio.md "Portfolio manager": tech stack tags shown per portfolio row. */
export const ROW_TECH_TAGS = 3;

/**
 * docs/product/posts-and-portfolio.md "Portfolio manager" rows: title, status, featured star, slug,
 * Live Site marker, views, the first three tech tags plus '+N more', created date, Live link, Edit,
 * Delete.
 */
export function ProjectRows({
  posts,
  onEdit,
  onDelete,
}: {
  posts: Post[];
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}) {
  return posts.map((post) => {
    const content = parsePortfolioContent(post.content);
    const more = content.tech_stack.length - ROW_TECH_TAGS;
    return (
      <ContentRow
        key={post.id}
        post={post}
        badges={
          content.featured && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-900">
              <Star className="size-4 fill-amber-400 text-amber-600" aria-hidden="true" />
              Featured
            </span>
          )
        }
        meta={[
          ...(content.live_url
            ? [
                <span key="live" className="inline-flex items-center gap-1 font-medium text-green-800">
                  <Globe className="size-3.5" aria-hidden="true" /> Live Site
                </span>,
              ]
            : []),
          <ViewCount key="views" count={post.view_count} />,
        ]}
        extra={
          content.tech_stack.length > 0 && (
            <ul aria-label="Tech stack" className="mt-2 flex flex-wrap gap-1.5">
              {content.tech_stack.slice(0, ROW_TECH_TAGS).map((tech) => (
                <li key={tech}>
                  <Badge tone="blue">{tech}</Badge>
                </li>
              ))}
              {more > 0 && (
                <li>
                  <Badge>+{more} more</Badge>
                </li>
              )}
            </ul>
          )
        }
        link={content.live_url ? { href: content.live_url, label: "Live" } : undefined}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  });
}
