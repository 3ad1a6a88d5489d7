import { SearchInput } from "../ui/search-input";
import { useEffect, useId, useRef } from "react";
import { Plus } from "lucide-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { DraftKind, DraftValues } from "~/lib/drafts";
import { POST_STATUSES, type PostStatus } from "~/contracts/post-kinds";
import type { PostList } from "~/contracts/post-content";
import { LoadError } from "~/components/admin/ui/load-error";
import { InlineLoading } from "~/components/admin/ui/loading";
import { StatCard } from "../ui/stat-card";
import { FilterSelect } from "../ui/filter-select";
import { adminButton } from "../ui/styles";
import { DeletePostDialog } from "./delete-dialog";
import { DraftNotices, DraftOfferDialog } from "./draft-notices";
import { STATUS_LABEL } from "./labels";
import type { ContentManager } from "./use-content-manager";

export type StatusFilter = "all" | PostStatus;

/**
 * The screen both managers share (docs/product/posts-and-portfolio.md "Portfolio manager",
 * "Post manager", "Editor autosave and drafts"): header and New button, drafts kept in the browser,
 * stat cards, search and filters, the list with its loading, error and empty states, and in place
 * of all that, the open form.
 */
export function ManagerScreen<V extends DraftValues>({
  kind,
  noun,
  title,
  intro,
  newLabel,
  manager,
  list,
  form,
  stats,
  search,
  status,
  filters,
  shown,
  onClearFilters,
  empty,
  deleteQuestion,
  children,
}: {
  kind: DraftKind;
  noun: "post" | "project";
  title: string;
  intro: string;
  newLabel: string;
  manager: ContentManager<V>;
  list: UseQueryResult<PostList>;
  form: React.ReactNode;
  stats: { label: string; value: number; icon: LucideIcon }[];
  search: { value: string; onChange: (value: string) => void; label: string; placeholder: string };
  status: { value: StatusFilter; onChange: (value: StatusFilter) => void };
  /** More filters after the status (the post type). */
  filters?: React.ReactNode;
  /** How many rows the search and filters leave. */
  shown: number;
  onClearFilters: () => void;
  empty: { title: string; text: string };
  deleteQuestion: string;
  /** The rows. */
  children: React.ReactNode;
}) {
  const id = useId();
  const total = list.data?.posts.length ?? 0;
  // Keyboard users land back on New after a form closes (it took the place of the list).
  const newButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  const formOpen = manager.form !== null;
  useEffect(() => {
    if (formWasOpen.current && !formOpen) newButton.current?.focus();
    formWasOpen.current = formOpen;
  }, [formOpen]);
  const plural = `${noun}s`;

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        {!manager.form && (
          <button ref={newButton} type="button" className={adminButton.primary} onClick={() => manager.open(null)}>
            <Plus className="size-4" aria-hidden="true" /> {newLabel}
          </button>
        )}
      </header>

      {manager.form ? (
        form
      ) : (
        <>
          <DraftNotices
            drafts={manager.drafts}
            ready={list.isSuccess}
            onRestore={manager.restore}
            onDiscard={manager.discard}
          />

          <ul
            aria-label={`${noun === "post" ? "Post" : "Portfolio"} statistics`}
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
          >
            {stats.map((s) => (
              <li key={s.label}>
                <StatCard
                  label={s.label}
                  value={list.isSuccess ? s.value.toLocaleString("en-US") : "–"}
                  icon={s.icon}
                />
              </li>
            ))}
          </ul>

          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <SearchInput
              label={search.label}
              placeholder={search.placeholder}
              value={search.value}
              onChange={search.onChange}
            />
            <div className="grid grid-cols-2 gap-3 md:flex">
              <FilterSelect
                label="Status"
                value={status.value}
                onChange={(v) => status.onChange(v as StatusFilter)}
                options={POST_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
              />
              {filters}
            </div>
          </div>

          {list.isPending ? (
            <InlineLoading label={`Loading ${plural}...`} />
          ) : list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : total === 0 || shown === 0 ? (
            <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="font-semibold text-slate-900">
                {total === 0 ? empty.title : `No ${plural} match your search or filters`}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {total === 0 ? empty.text : "Try other words, or clear the search and filters."}
              </p>
              {total > 0 && (
                <button type="button" className={`${adminButton.secondary} mt-4`} onClick={onClearFilters}>
                  Clear search and filters
                </button>
              )}
            </div>
          ) : (
            <section aria-labelledby={`${id}-list`} className="grid gap-3">
              <h2 id={`${id}-list`} className="text-sm text-slate-600" aria-live="polite">
                {shown === total ? `${total} ${total === 1 ? noun : plural}` : `${shown} of ${total} ${plural}`}
                {(list.data?.total ?? 0) > total &&
                  ` (the newest ${total} of ${list.data?.total}; search narrows these only)`}
              </h2>
              <ul className="grid gap-3">{children}</ul>
            </section>
          )}
        </>
      )}

      <DraftOfferDialog
        offer={manager.offer}
        onRestore={manager.restoreOffer}
        onDiscard={manager.discardAndOpen}
        onClose={manager.dismissOffer}
      />
      <DeletePostDialog
        post={manager.deleting}
        kind={kind}
        noun={noun}
        question={deleteQuestion}
        onClose={manager.closeDelete}
      />
    </div>
  );
}
