import type { QueryClient } from "@tanstack/react-query";
import { outboxQueryKey } from "~/components/admin/ui/use-outbox-summary";

/**
 * Query keys of the e-mail screens, so writers elsewhere can refresh them. The outbox's is kept
 * with the counts' query that sits under it (components/admin/ui/use-outbox-summary.ts).
 */
export { outboxQueryKey };
export const emailUsageQueryKey = ["admin", "email-usage"] as const;
export const dashboardQueryKey = ["admin", "dashboard"] as const;

/** Every 5 minutes (docs/product/email.md "The usage card"). */
export const EMAIL_USAGE_REFRESH_MS = 5 * 60 * 1000;

/** After a message was written: the usage, the outbox and the contacts' communication logs changed. */
export async function refreshAfterSend(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: emailUsageQueryKey }),
    queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    queryClient.invalidateQueries({ queryKey: ["admin", "contacts"] }),
  ]);
}
