import { useDeferredValue, useState } from "react";
import { Briefcase, Eye, Globe, Star } from "lucide-react";
import type { Route } from "./+types/portfolio";
import { parsePortfolioContent } from "~/contracts/post-content";
import { adminMeta } from "~/lib/admin/meta";
import { usePostList } from "~/components/admin/posts/api";
import { ManagerScreen, type StatusFilter } from "~/components/admin/posts/manager-screen";
import { useContentManager } from "~/components/admin/posts/use-content-manager";
import { PortfolioForm } from "~/components/admin/posts/portfolio-form";
import { ProjectRows } from "~/components/admin/posts/portfolio-list";
import { EMPTY_PROJECT, portfolioFormValues, projectMatches } from "~/components/admin/posts/portfolio-values";

export const meta: Route.MetaFunction = () => adminMeta("Portfolio Management");

/**
 * The portfolio manager (docs/product/posts-and-portfolio.md "Portfolio manager", "Portfolio form",
 * "Portfolio project", "The calls"): always post_type=portfolio.
 */
export default function PortfolioManager() {
  const list = usePostList("portfolio");
  const posts = list.data?.posts;
  const manager = useContentManager({ kind: "portfolio", posts, empty: EMPTY_PROJECT, toValues: portfolioFormValues });
  const [q, setQ] = useState("");
  const query = useDeferredValue(q);
  const [status, setStatus] = useState<StatusFilter>("all");
  const all = posts ?? [];
  const shown = all.filter((p) => (status === "all" || p.status === status) && projectMatches(p, query));

  return (
    <ManagerScreen
      kind="portfolio"
      noun="project"
      title="Portfolio Management"
      intro="The projects shown on the public portfolio page."
      newLabel="New Project"
      manager={manager}
      list={list}
      form={
        manager.form && (
          <PortfolioForm
            key={manager.form.key}
            post={manager.form.post}
            start={manager.form.start}
            onClose={manager.close}
          />
        )
      }
      stats={[
        { label: "Total Projects", value: list.data?.total ?? all.length, icon: Briefcase },
        { label: "Published", value: all.filter((p) => p.status === "published").length, icon: Globe },
        { label: "Featured", value: all.filter((p) => parsePortfolioContent(p.content).featured).length, icon: Star },
        { label: "Total Views", value: all.reduce((sum, p) => sum + p.view_count, 0), icon: Eye },
      ]}
      search={{
        value: q,
        onChange: setQ,
        label: "Search projects",
        placeholder: "Search title, slug, description or tech...",
      }}
      status={{ value: status, onChange: setStatus }}
      shown={shown.length}
      onClearFilters={() => {
        setQ("");
        setStatus("all");
      }}
      empty={{ title: "No projects yet", text: "Add your first project with New Project." }}
      deleteQuestion="Are you sure you want to delete this portfolio project?"
    >
      <ProjectRows posts={shown} onEdit={manager.open} onDelete={manager.askDelete} />
    </ManagerScreen>
  );
}
