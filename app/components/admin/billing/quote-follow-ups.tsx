import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { adminCall } from "~/lib/admin/call";
import { formatInstant } from "~/lib/time/zoned";
import {
  FOLLOW_UP_LABELS,
  quoteFollowUpsEndpoints,
  type QuoteFollowUps as FollowUps,
} from "~/contracts/quote-follow-ups";
import type { Quote } from "~/contracts/quotes";
import { InlineLoading } from "../ui/loading";
import { SwitchField } from "../ui/switch-field";
import { billingKeys } from "./api";

/** The quote's follow-ups in the cache: under the billing's key, so every billing change reads them again. */
const followUpsKey = (quoteId: number) => [...billingKeys.all, "follow-ups", quoteId] as const;

function useQuoteFollowUps(quoteId: number) {
  return useQuery({
    queryKey: followUpsKey(quoteId),
    queryFn: ({ signal }) =>
      adminCall(quoteFollowUpsEndpoints.get, {
        params: { quoteId },
        fallbackError: "Failed to fetch the quote's follow-ups",
        refusalWords: "action",
        signal,
      }).then((r) => r.follow_ups),
  });
}

function useSetQuoteFollowUps(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      adminCall(quoteFollowUpsEndpoints.set, {
        params: { quoteId },
        body: { enabled },
        fallbackError: "Failed to change the quote's follow-ups",
        refusalWords: "action",
      }).then((r) => r.follow_ups),
    onSuccess: (saved) => {
      queryClient.setQueryData(followUpsKey(quoteId), saved);
      // The switch holds for every revision of the quote: theirs are read again.
      void queryClient.invalidateQueries({ queryKey: [...billingKeys.all, "follow-ups"] });
    },
  });
}

/** "Mon, Dec 28, 2026, 9:00 AM EST" */
const when = (iso: string) => formatInstant(iso, "weekdayYear");
const whom = (name: string | null, email: string | null) =>
  name && email ? `${name} <${email}>` : (email ?? name ?? "the project's primary contact");

/**
 * A quote's follow-ups on its details (docs/product/billing.md "Follow-ups"): what was sent, to whom
 * and when; what goes next, when (with the zone named) and on what condition, or why nothing does;
 * and the owner's switch for the quote (every revision of it).
 */
export function QuoteFollowUps({ quote }: { quote: Quote }) {
  const id = useId();
  const followUps = useQuoteFollowUps(quote.id);
  const change = useSetQuoteFollowUps(quote.id);
  const switchable =
    (quote.status === "draft" || quote.status === "sent" || quote.status === "viewed") &&
    quote.replaced_by_id === null &&
    !quote.is_expired;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-3 grid gap-2 rounded-md bg-slate-50 p-3 text-sm"
      data-testid="quote-follow-ups"
    >
      <h5 id={`${id}-h`} className="font-semibold text-slate-800">
        Follow-ups
      </h5>
      {followUps.isPending ? (
        <InlineLoading label="Loading the follow-ups..." />
      ) : followUps.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(followUps.error, "Failed to fetch the quote's follow-ups")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void followUps.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <FollowUpsState followUps={followUps.data} />
      )}
      {switchable && followUps.data && (
        <SwitchField
          label={`Send follow-ups for ${quote.number}`}
          description="Every revision of this quote. Off: no nudge and no expiring reminder."
          checked={followUps.data.enabled}
          onCheckedChange={(enabled) =>
            change.mutate(enabled, {
              onSuccess: () => toast.success(`Follow-ups ${enabled ? "on" : "off"} for quote ${quote.number}`),
            })
          }
        />
      )}
      {change.error && (
        <p role="alert" className="text-red-800">
          {errorMessage(change.error, "Failed to change the quote's follow-ups")}
        </p>
      )}
    </section>
  );
}

function FollowUpsState({ followUps }: { followUps: FollowUps }) {
  return (
    <>
      {followUps.sent.length > 0 && (
        <ul className="grid gap-1 text-slate-800" aria-label="Follow-ups sent">
          {followUps.sent.map((sent) => (
            <li key={sent.kind} className="break-words">
              <span className="font-medium">{FOLLOW_UP_LABELS[sent.kind]}</span> sent{" "}
              <time dateTime={sent.sent_at}>{when(sent.sent_at)}</time> to {whom(sent.to_name, sent.to_email)}
            </li>
          ))}
        </ul>
      )}
      {followUps.next ? (
        <p className="break-words text-slate-800" data-testid="follow-up-next">
          <span className="font-medium">Next: {FOLLOW_UP_LABELS[followUps.next.kind].toLowerCase()}</span> on{" "}
          <time dateTime={followUps.next.due_at}>{when(followUps.next.due_at)}</time> ({followUps.time_zone}) to{" "}
          {whom(followUps.next.to_name, followUps.next.to_email)}, {followUps.next.condition}.
          {followUps.note && <span className="block text-amber-900">{followUps.note}</span>}
        </p>
      ) : (
        <p className="break-words text-slate-700" data-testid="follow-up-next">
          {followUps.note ?? "Nothing is scheduled."}
        </p>
      )}
    </>
  );
}
