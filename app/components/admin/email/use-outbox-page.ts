import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";
import { pageParam } from "~/contracts/paging";
import { outboxQueryKey } from "./queries";
import { paramsNow } from "~/components/admin/ui/use-list-params";

/**
 * The outbox's page, its status filter and its search live in the address
 * (/admin/emails?status=held&search=bakery&page=3): the page links keep them, a reload or a link
 * shows the same e-mails, and back/forward walk them. The server pages, filters and searches
 * (~20,000 e-mails after a few busy years).
 */
export const OUTBOX_PAGE_SIZE = 50;
/** While a message on screen is on its way (after Send all held, say), the list looks again this often. */
const IN_FLIGHT_REFRESH_MS = 2_000;

/** The statuses that need the owner first (with their counts), then the rest. "Sending" lasts seconds: under All. */
export const OUTBOX_FILTERS = [
  { value: "", label: "All" },
  { value: "held", label: "Held" },
  { value: "failed", label: "Failed" },
  { value: "retrying", label: "Retrying" },
  { value: "sent", label: "Sent" },
  { value: "pending", label: "Pending" },
  { value: "dropped", label: "Dropped" },
  { value: "discarded", label: "Discarded" },
] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number]["value"];

const readFilter = (value: string | null): OutboxFilter => OUTBOX_FILTERS.find((f) => f.value === value)?.value ?? "";

type Changes = { status?: OutboxFilter; search?: string; page?: number };

/** The address with `changes`: a new filter or search starts again at page 1; defaults stay out of it. */
function changed(params: URLSearchParams, changes: Changes) {
  const next = new URLSearchParams(params);
  if (changes.status !== undefined || changes.search !== undefined) next.delete("page");
  if (changes.status !== undefined) {
    if (changes.status) next.set("status", changes.status);
    else next.delete("status");
  }
  if (changes.search !== undefined) {
    if (changes.search.trim()) next.set("search", changes.search.trim());
    else next.delete("search");
  }
  if (changes.page !== undefined) {
    if (changes.page > 1) next.set("page", String(changes.page));
    else next.delete("page");
  }
  return next;
}

export function useOutboxPage(smtpConfigured: boolean | undefined) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const status = readFilter(params.get("status"));
  const search = params.get("search")?.trim() ?? "";
  const page = pageParam(params.get("page"));
  const query = useQuery({
    // One key per question: an answer that arrives after the owner typed on is never shown.
    queryKey: [...outboxQueryKey, { status, search, page }],
    queryFn: ({ signal }) =>
      adminCall(emailEndpoints.outbox, {
        query: {
          limit: OUTBOX_PAGE_SIZE,
          offset: (page - 1) * OUTBOX_PAGE_SIZE,
          status: status || undefined,
          search: search || undefined,
        },
        signal,
        fallbackError: "Failed to fetch data",
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      smtpConfigured && q.state.data?.emails.some((e) => e.status === "pending" || e.status === "sending")
        ? IN_FLIGHT_REFRESH_MS
        : false,
  });
  const hrefFor = (to: number) => {
    const next = changed(params, { page: to }).toString();
    return `${pathname}${next ? `?${next}` : ""}`;
  };
  /** `replace` for the search box: a pause in typing is no step of its own in the history. */
  const change = (changes: Changes, options: { replace?: boolean } = {}) =>
    setParams((current) => changed(paramsNow(current), changes), {
      preventScrollReset: true,
      replace: options.replace,
    });
  return { status, search, page, query, hrefFor, change };
}
