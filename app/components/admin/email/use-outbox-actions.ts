import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import type { OutboxEmail } from "~/contracts/email";
import { formatDateTime } from "~/components/admin/ui/format";
import { dashboardQueryKey, emailUsageQueryKey, outboxQueryKey } from "./queries";
import { count } from "../ui/use-outbox-summary";

/** After any outbox action: the list, the banner's counts (under the outbox's key), the usage and the dashboard. */
function useRefreshOutbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
      queryClient.invalidateQueries({ queryKey: emailUsageQueryKey }),
      queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    ]);
}

/** What happened to a message the owner sent by hand, in words. */
function reportAttempt(after: OutboxEmail) {
  const why = after.last_error ? `: ${after.last_error}` : "";
  switch (after.status) {
    case "sent":
      toast.success(`E-mail to ${after.to_address} sent`);
      return;
    case "retrying":
      toast.error(
        `Not sent${why}. It will be tried again${after.next_attempt_at ? ` at ${formatDateTime(after.next_attempt_at)}` : ""}.`,
      );
      return;
    case "dropped":
      toast.info(`Not sent: it was past its use${why}`);
      return;
    case "failed":
      toast.error(`Not sent${why}`);
      return;
    default:
      toast.info(`E-mail to ${after.to_address} is ${after.status}`);
  }
}

/** Send (held), Resend (failed) or Send now (retrying): one try at once. */
export function useSendOutboxEmail(email: OutboxEmail) {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () =>
      adminCall(emailEndpoints.retry, { params: { id: email.id }, fallbackError: "Failed to send the email" }),
    onSuccess: ({ email: after }) => reportAttempt(after),
    onError: (error) => toast.error(errorMessage(error, "Failed to send the email")),
    onSettled: refresh,
  });
}

/** Discard a held or failed message: it will never be sent. */
export function useDiscardOutboxEmail(email: OutboxEmail) {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () =>
      adminCall(emailEndpoints.discard, { params: { id: email.id }, fallbackError: "Failed to discard the email" }),
    onSuccess: ({ email: after }) => toast.success(`E-mail to ${after.to_address} discarded: it will not be sent`),
    onSettled: refresh,
  });
}

/** Send all held: every held message is handed to the mail server; they go out in the background. */
export function useSendAllHeld() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () => adminCall(emailEndpoints.sendHeld, { fallbackError: "Failed to send the held emails" }),
    onSuccess: ({ queued }) =>
      queued === 0
        ? toast.info("No e-mails were held any more: nothing to send")
        : toast.success(
            `${count(queued, "held e-mail was", "held e-mails were")} handed to the mail server. They go out in the background; the list shows each one as Sent.`,
          ),
    onSettled: refresh,
  });
}
