import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the e-mail screens, so writers elsewhere can refresh them. */
export const emailUsageQueryKey = ["admin", "email-usage"] as const;
export const outboxQueryKey = ["admin", "emails"] as const;
/** Under the outbox's key: whatever refreshes the outbox refreshes the banner's counts too. */
export const outboxSummaryQueryKey = [...outboxQueryKey, "summary"] as const;
export const dashboardQueryKey = ["admin", "dashboard"] as const;

/** Every 5 minutes (back-office spec 2 "Email usage card", 9). */
export const EMAIL_USAGE_REFRESH_MS = 5 * 60 * 1000;

/** The mail banner's counts: every minute, and when the owner comes back to the window. */
export const OUTBOX_SUMMARY_REFRESH_MS = 60 * 1000;

/** After a message was written: the usage, the outbox and the contacts' communication logs changed. */
export async function refreshAfterSend(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: emailUsageQueryKey }),
    queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: ["admin", "contacts"] }),
  ]);
}
