import { useDeferredValue, useState } from "react";
import { Eye, FileText, Globe, PencilLine } from "lucide-react";
import type { Route } from "./+types/posts";
import { POST_TYPES, type PostType } from "~/contracts/post-kinds";
import { adminMeta } from "~/lib/admin/meta";
import { usePostList } from "~/components/admin/posts/api";
import { TYPE_LABEL } from "~/components/admin/posts/labels";
import { FilterSelect } from "~/components/admin/ui/filter-select";
import { ManagerScreen, type StatusFilter } from "~/components/admin/posts/manager-screen";
import { PostForm } from "~/components/admin/posts/post-form";
import { PostRows } from "~/components/admin/posts/posts-list";
import { EMPTY_POST, postFormValues, postMatches } from "~/components/admin/posts/post-values";
import { useContentManager } from "~/components/admin/posts/use-content-manager";

export const meta: Route.MetaFunction = () => adminMeta("Content Management");

/**
 * The post manager, 'Content Management' (docs/product/posts-and-portfolio.md "Post manager",
 * "Post form", "The calls").
 */
export default function PostManager() {
  const list = usePostList("all");
  const posts = list.data?.posts;
  const manager = useContentManager({ kind: "post", posts, empty: EMPTY_POST, toValues: postFormValues });
  const [q, setQ] = useState("");
  const query = useDeferredValue(q);
  const [status, setStatus] = useState<StatusFilter>("all");
  const [type, setType] = useState<"all" | PostType>("all");
  const all = posts ?? [];
  const shown = all.filter(
    (p) =>
      (status === "all" || p.status === status) && (type === "all" || p.post_type === type) && postMatches(p, query),
  );
  const count = (keep: (p: (typeof all)[number]) => boolean) => all.filter(keep).length;

  return (
    <ManagerScreen
      kind="post"
      noun="post"
      title="Content Management"
      intro="Blog posts, portfolio entries and case studies: write, publish and keep them up to date."
      newLabel="New Post"
      manager={manager}
      list={list}
      form={
        manager.form && (
          <PostForm
            key={manager.form.key}
            post={manager.form.post}
            start={manager.form.start}
            onClose={manager.close}
          />
        )
      }
      stats={[
        { label: "Total Posts", value: list.data?.total ?? all.length, icon: FileText },
        { label: "Published", value: count((p) => p.status === "published"), icon: Globe },
        { label: "Drafts", value: count((p) => p.status === "draft"), icon: PencilLine },
        { label: "Total Views", value: all.reduce((sum, p) => sum + p.view_count, 0), icon: Eye },
      ]}
      search={{
        value: q,
        onChange: setQ,
        label: "Search posts",
        placeholder: "Search title, slug, excerpt or tags...",
      }}
      status={{ value: status, onChange: setStatus }}
      filters={
        <FilterSelect
          label="Type"
          value={type}
          onChange={(v) => setType(v as "all" | PostType)}
          options={POST_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
        />
      }
      shown={shown.length}
      onClearFilters={() => {
        setQ("");
        setStatus("all");
        setType("all");
      }}
      empty={{ title: "No posts yet", text: "Write your first post with New Post." }}
      deleteQuestion="Are you sure you want to delete this post?"
    >
      <PostRows posts={shown} onEdit={manager.open} onDelete={manager.askDelete} />
    </ManagerScreen>
  );
}
