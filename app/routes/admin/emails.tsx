import { useEffect, useEffectEvent, useId } from "react";
import type { Route } from "./+types/emails";
import { adminMeta } from "~/lib/admin/meta";
import { LoadingScreen } from "~/components/admin/ui/loading";
import { LoadError } from "~/components/admin/ui/load-error";
import { HeldBar } from "~/components/admin/email/held-bar";
import { OutboxRow } from "~/components/admin/email/outbox-row";
import {
  OUTBOX_FILTERS,
  OUTBOX_PAGE_SIZE,
  useOutboxPage,
  type OutboxFilter,
} from "~/components/admin/email/use-outbox-page";
import { StatusGuide } from "~/components/admin/email/status-guide";
import { useOutboxSummary } from "~/components/admin/ui/use-outbox-summary";
import { cardClass } from "~/components/admin/ui/styles";
import { SearchInput } from "~/components/admin/ui/search-input";
import { Pager } from "~/components/admin/ui/pager";
import { useSearchBox } from "~/components/admin/ui/use-search-box";

export const meta: Route.MetaFunction = () => adminMeta("Email Outbox");

const COUNTED = ["held", "failed", "retrying"] as const;
const isCounted = (value: OutboxFilter): value is (typeof COUNTED)[number] =>
  (COUNTED as readonly string[]).includes(value);

/**
 * Every e-mail the site wrote, with its delivery state, and what the owner can do about what did
 * not go out: send, resend, discard, or send everything held once e-mail is set up.
 */
export default function EmailOutbox() {
  const summary = useOutboxSummary().data;
  const noSmtpNoteId = useId();
  const { status, search, page, query, hrefFor, change } = useOutboxPage(summary?.smtp_configured);
  const box = useSearchBox(search, (value) => change({ search: value }, { replace: true }));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && query.data.emails.length === 0 && page > pages;
  // A page that no longer exists (its e-mails were discarded elsewhere, or an old link): the last one that does.
  const toLastPage = useEffectEvent(() => change({ page: pages }, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) toLastPage();
  }, [pastTheEnd]);

  const filterLabel = OUTBOX_FILTERS.find((f) => f.value === status)?.label;

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Email Outbox</h1>
        <p className="mt-1 text-slate-600">
          Every e-mail the site wrote, newest first: notifications, confirmations and the ones you composed.
        </p>
      </header>

      {summary && <HeldBar summary={summary} noSmtpNoteId={noSmtpNoteId} />}

      <StatusGuide />

      <section className={cardClass} aria-labelledby="outbox-list-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="outbox-list-title" className="text-base font-semibold text-slate-900">
            {filterLabel} e-mails{search ? ` matching “${search}”` : ""}{" "}
            {query.data && <span className="font-normal text-slate-600">({total.toLocaleString("en-US")})</span>}
          </h2>
          <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
            {OUTBOX_FILTERS.map((f) => (
              <button
                key={f.value || "all"}
                type="button"
                aria-pressed={status === f.value}
                onClick={() => change({ status: f.value })}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                  status === f.value
                    ? "bg-brand-700 text-white"
                    : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {f.label}
                {summary && isCounted(f.value) && summary[f.value] > 0
                  ? ` (${summary[f.value].toLocaleString("en-US")})`
                  : ""}
              </button>
            ))}
          </div>
        </div>
        <div className="mt-4 flex items-center gap-3">
          <div className="flex min-w-0 flex-1 sm:max-w-md">
            <SearchInput
              label="Search e-mails"
              placeholder="Search by recipient or subject..."
              value={box.typed}
              onChange={box.type}
              onSettle={box.flush}
            />
          </div>
          {/* The last answer stays readable (not dimmed) until the next one arrives. */}
          <span className="text-sm text-slate-600" aria-live="polite">
            {query.isPlaceholderData ? "Loading..." : ""}
          </span>
        </div>

        {query.isPending ? (
          <LoadingScreen />
        ) : query.isError && !query.data ? (
          <div className="mt-4">
            <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          </div>
        ) : query.data.emails.length === 0 ? (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">
            {search ? "No e-mails match this search." : status ? "No e-mails with this status." : "No e-mails yet."}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-busy={query.isPlaceholderData}>
            {query.data.emails.map((email) => (
              <OutboxRow
                key={email.id}
                email={email}
                smtpConfigured={summary?.smtp_configured}
                noSmtpNoteId={noSmtpNoteId}
              />
            ))}
          </ul>
        )}

        <div className="mt-4 border-t border-slate-100 pt-4 empty:hidden">
          <Pager label="Outbox pages" page={page} pageSize={OUTBOX_PAGE_SIZE} total={total} hrefFor={hrefFor} />
        </div>
      </section>
    </div>
  );
}
