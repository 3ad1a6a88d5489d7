import { useEffect } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Mail } from "lucide-react";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";
import { usageLevel } from "~/lib/admin/email";
import { cardClass } from "~/components/admin/ui/styles";
import { EMAIL_USAGE_REFRESH_MS, emailUsageQueryKey } from "./queries";

const barColour = { green: "bg-green-600", yellow: "bg-yellow-500", red: "bg-red-600" } as const;
const warningColour = {
  green: "",
  yellow: "border-yellow-300 bg-yellow-50 text-yellow-900",
  red: "border-red-200 bg-red-50 text-red-900",
} as const;

export function useEmailUsage() {
  return useQuery({
    queryKey: emailUsageQueryKey,
    queryFn: ({ signal }) => adminCall(emailEndpoints.usage, { signal, fallbackError: "Failed to fetch email usage" }),
    refetchInterval: EMAIL_USAGE_REFRESH_MS,
  });
}

/**
 * Today's e-mails against the daily limit (docs/product/email.md "The usage card"): green below 70
 * %, yellow to 90 %, red from 90 %, the bar capped at 100 %. A failed fetch is logged and the card
 * is hidden.
 */
export function EmailUsageCard() {
  const { data, error, isError } = useEmailUsage();

  useEffect(() => {
    if (error) console.warn("Email usage could not be loaded:", error.message);
  }, [error]);

  if (isError || !data) return null;
  const level = usageLevel(data.percentage_used);
  const width = Math.min(100, Math.max(0, data.percentage_used));

  return (
    <section
      className={cardClass}
      aria-labelledby="email-usage-title"
      data-testid="email-usage-card"
      data-tone={level.tone}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="email-usage-title" className="text-base font-semibold text-slate-900">
          Email Usage
        </h2>
        <Mail className="size-5 text-brand-700" aria-hidden="true" />
      </div>
      <p className="mt-3 text-sm text-slate-800">
        <span className="text-2xl font-bold text-slate-900" data-testid="email-usage-sent">
          {data.emails_sent}
        </span>{" "}
        / {data.daily_limit} emails {data.smtp_configured ? "sent" : "queued"} today
      </p>
      {data.smtp_configured ? null : (
        <p className="mt-1 text-xs text-slate-600" data-testid="email-usage-queued">
          No mail server is set up yet (SMTP_URL): they wait in the outbox and go out once one is.
        </p>
      )}
      <div
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Daily email limit used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={`${data.percentage_used}% of the daily limit`}
      >
        <div
          className={`h-full rounded-full ${barColour[level.tone]}`}
          style={{ width: `${width}%` }}
          data-testid="email-usage-bar"
        />
      </div>
      <div className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>{data.percentage_used}% used</span>
        <span>{data.remaining} remaining today</span>
      </div>
      {level.warning && (
        <p className={`mt-3 flex gap-2 rounded-lg border px-3 py-2 text-sm ${warningColour[level.tone]}`}>
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {level.warning}
        </p>
      )}
      <Link
        to="/admin/emails"
        className="mt-3 inline-block text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        View outbox
      </Link>
    </section>
  );
}
