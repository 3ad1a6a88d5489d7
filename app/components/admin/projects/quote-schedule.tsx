import { toast } from "sonner";
import type { Quote } from "~/contracts/quotes";
import { useSetQuoteAutoInvoice } from "~/components/admin/billing";
import { PaymentScheduleList } from "~/components/ui/payment-schedule-list";
import { SwitchField } from "../ui/switch-field";

/** The quote's payment schedule, and the owner's switch for sending its invoices by themselves. */
export function QuoteSchedule({ quote, schedule }: { quote: Quote; schedule: NonNullable<Quote["schedule"]> }) {
  const setAuto = useSetQuoteAutoInvoice();
  return (
    <div className="mt-2 grid gap-2">
      <PaymentScheduleList
        schedule={schedule}
        totalCents={quote.total_cents}
        caption={`Payment schedule of ${quote.number}`}
      />
      {quote.status !== "declined" && quote.status !== "expired" && (
        <SwitchField
          label="Send each invoice by itself when it falls due"
          description={
            quote.auto_invoice
              ? "On: each payment is invoiced and e-mailed to the client when it falls due."
              : "Off: each payment is written as a draft, and you get an e-mail that it is ready to send."
          }
          checked={quote.auto_invoice}
          onCheckedChange={(auto_invoice) =>
            setAuto.mutate(
              { quoteId: quote.id, auto_invoice },
              {
                onSuccess: (saved) =>
                  toast.success(
                    saved.auto_invoice
                      ? `The invoices of ${saved.number} will be sent by themselves`
                      : `The invoices of ${saved.number} will wait for you as drafts`,
                  ),
              },
            )
          }
        />
      )}
    </div>
  );
}
