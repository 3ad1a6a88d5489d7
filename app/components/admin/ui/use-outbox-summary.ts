import { useQuery } from "@tanstack/react-query";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";

/** The outbox's list (the e-mail screen's pages are under it). */
export const outboxQueryKey = ["admin", "emails"] as const;
/** Under the outbox's key: whatever refreshes the outbox refreshes the banner's counts too. */
const outboxSummaryQueryKey = [...outboxQueryKey, "summary"] as const;

/** The mail banner's counts: every minute, and when the owner comes back to the window. */
const OUTBOX_SUMMARY_REFRESH_MS = 60 * 1000;

/**
 * Whether mail is set up, and how many e-mails are held, failed or being retried: the admin's
 * mail banner, the outbox's actions, the dashboard and the settings read it (one request, shared).
 * While it cannot be read, the screens show no banner rather than a wrong one (the banner logs why).
 */
export function useOutboxSummary() {
  return useQuery({
    queryKey: outboxSummaryQueryKey,
    queryFn: ({ signal }) =>
      adminCall(emailEndpoints.summary, { signal, fallbackError: "Failed to fetch the e-mail summary" }),
    refetchInterval: OUTBOX_SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** "1 message", "2 messages". */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
