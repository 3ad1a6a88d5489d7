import { useId } from "react";
import { useSearchParams } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { Route } from "./+types/emails";
import { adminApi } from "~/lib/admin/api-client";
import { OutboxPageSchema } from "~/lib/admin/email";
import { adminMeta } from "~/lib/admin/meta";
import { LoadingScreen } from "~/components/admin/spinner";
import { LoadError } from "~/components/admin/dashboard/load-error";
import { HeldBar } from "~/components/admin/email/held-bar";
import { OutboxRow } from "~/components/admin/email/outbox-row";
import { outboxQueryKey } from "~/components/admin/email/queries";
import { StatusGuide } from "~/components/admin/email/status-guide";
import { useOutboxSummary } from "~/components/admin/email/use-outbox-summary";
import { adminButton, cardClass } from "~/components/admin/ui/styles";

export const meta: Route.MetaFunction = () => adminMeta("Email Outbox");

const OUTBOX_PAGE_SIZE = 50;
/** While a message on screen is on its way (after Send all held, say), the list looks again this often. */
const IN_FLIGHT_REFRESH_MS = 2_000;
/** The statuses that need the owner first (with their counts), then the rest. "Sending" lasts seconds: under All. */
const FILTERS = [
  { value: "", label: "All" },
  { value: "held", label: "Held" },
  { value: "failed", label: "Failed" },
  { value: "retrying", label: "Retrying" },
  { value: "sent", label: "Sent" },
  { value: "pending", label: "Pending" },
  { value: "dropped", label: "Dropped" },
  { value: "discarded", label: "Discarded" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];
const COUNTED = ["held", "failed", "retrying"] as const;

const readFilter = (value: string | null): Filter => FILTERS.find((f) => f.value === value)?.value ?? "";
const isCounted = (value: Filter): value is (typeof COUNTED)[number] => (COUNTED as readonly string[]).includes(value);
const readPage = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * Every e-mail the site wrote, with its delivery state, and what the owner can do about what did
 * not go out: send, resend, discard, or send everything held once e-mail is set up.
 */
export default function EmailOutbox() {
  const [params, setParams] = useSearchParams();
  const status = readFilter(params.get("status"));
  const page = readPage(params.get("page"));
  const summary = useOutboxSummary().data;
  const noSmtpNoteId = useId();
  const query = useQuery({
    queryKey: [...outboxQueryKey, { status, page }],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        limit: String(OUTBOX_PAGE_SIZE),
        offset: String((page - 1) * OUTBOX_PAGE_SIZE),
      });
      if (status) search.set("status", status);
      return adminApi(`/api/admin/emails?${search}`, {
        schema: OutboxPageSchema,
        signal,
        fallbackError: "Failed to fetch data",
      });
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      summary?.smtp_configured && q.state.data?.emails.some((e) => e.status === "pending" || e.status === "sending")
        ? IN_FLIGHT_REFRESH_MS
        : false,
  });

  const go = (next: { status?: Filter; page?: number }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? page;
    if (s) search.set("status", s);
    if (p > 1) search.set("page", String(p));
    setParams(search, { preventScrollReset: true });
  };

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * OUTBOX_PAGE_SIZE + 1;
  const last = Math.min(total, page * OUTBOX_PAGE_SIZE);

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
            {FILTERS.find((f) => f.value === status)?.label} e-mails{" "}
            {query.data && <span className="font-normal text-slate-600">({total})</span>}
          </h2>
          <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
            {FILTERS.map((f) => (
              <button
                key={f.value || "all"}
                type="button"
                aria-pressed={status === f.value}
                onClick={() => go({ status: f.value, page: 1 })}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                  status === f.value
                    ? "bg-brand-700 text-white"
                    : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {f.label}
                {summary && isCounted(f.value) && summary[f.value] > 0 ? ` (${summary[f.value]})` : ""}
              </button>
            ))}
          </div>
        </div>

        {query.isPending ? (
          <LoadingScreen />
        ) : query.isError && !query.data ? (
          <div className="mt-4">
            <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          </div>
        ) : query.data.emails.length === 0 ? (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">
            {status ? "No e-mails with this status." : "No e-mails yet."}
          </p>
        ) : (
          <ul
            className={`mt-2 divide-y divide-slate-100 ${query.isPlaceholderData ? "opacity-60" : ""}`}
            aria-busy={query.isPlaceholderData}
          >
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

        {total > OUTBOX_PAGE_SIZE && (
          <nav
            aria-label="Outbox pages"
            className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm"
          >
            <p className="text-slate-600">
              {first}-{last} of {total}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className={adminButton.secondary}
                disabled={page <= 1}
                onClick={() => go({ page: page - 1 })}
              >
                <ChevronLeft className="size-4" aria-hidden="true" /> Previous
              </button>
              <button
                type="button"
                className={adminButton.secondary}
                disabled={page >= pages}
                onClick={() => go({ page: page + 1 })}
              >
                Next <ChevronRight className="size-4" aria-hidden="true" />
              </button>
            </div>
          </nav>
        )}
      </section>
    </div>
  );
}
