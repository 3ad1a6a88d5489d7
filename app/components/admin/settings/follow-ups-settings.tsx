import { Fragment, useId } from "react";
import { site } from "~/config/site";
import type { BillingSettings } from "~/contracts/billing";
import { FOLLOW_UP_HOUR, FOLLOW_UP_MAX_DAYS, FOLLOW_UP_MIN_DAYS } from "~/contracts/quote-follow-ups";
import { SwitchField } from "~/components/admin/ui/switch-field";
import { SettingsSaveRow, WholeNumberField, useBillingSettingsForm, wholeOrNaN } from "./billing-settings-form";

/** The anchor of this part: /admin/settings#billing-follow-ups. */
export const FOLLOW_UPS_SECTION_ID = "billing-follow-ups";

interface FollowUpValues {
  follow_up_not_opened: boolean;
  follow_up_not_opened_days: string;
  follow_up_expiring: boolean;
  follow_up_expiring_days: string;
}

/** The two rules in the order shown: each is a switch and its days. */
const RULES = [
  {
    on: "follow_up_not_opened",
    days: "follow_up_not_opened_days",
    label: "Nudge when a quote is not opened",
    description: "If the client has not opened a sent quote, ask whether it reached them.",
    daysLabel: "Days after sending",
  },
  {
    on: "follow_up_expiring",
    days: "follow_up_expiring_days",
    label: "Remind before an opened quote expires",
    description:
      "If the client opened the quote and has not accepted or declined it, remind them of its valid-until day.",
    daysLabel: "Days before it expires",
  },
] as const satisfies readonly {
  on: keyof FollowUpValues;
  days: keyof FollowUpValues;
  label: string;
  description: string;
  daysLabel: string;
}[];

const valuesOf = (s: BillingSettings): FollowUpValues => ({
  follow_up_not_opened: s.follow_up_not_opened,
  follow_up_not_opened_days: String(s.follow_up_not_opened_days),
  follow_up_expiring: s.follow_up_expiring,
  follow_up_expiring_days: String(s.follow_up_expiring_days),
});

/**
 * Settings > Billing > Follow-ups (docs/product/billing.md "Follow-ups"): the two rules, each with
 * its days, saved on their own (the billing settings' call takes only the fields it is sent).
 */
export function FollowUpsSettings({ initial }: { initial: BillingSettings }) {
  const id = useId();
  const form = useBillingSettingsForm({
    initial,
    valuesOf,
    input: (v: FollowUpValues) => ({
      follow_up_not_opened: v.follow_up_not_opened,
      follow_up_not_opened_days: wholeOrNaN(v.follow_up_not_opened_days),
      follow_up_expiring: v.follow_up_expiring,
      follow_up_expiring_days: wholeOrNaN(v.follow_up_expiring_days),
    }),
    savedMessage: "Follow-up settings saved",
    fallbackError: "Failed to save the follow-up settings",
  });
  const { values, errors, set } = form;
  const hour = `${FOLLOW_UP_HOUR}:00 AM (${site.timeZone})`;
  return (
    <section
      id={FOLLOW_UPS_SECTION_ID}
      aria-labelledby={`${id}-h`}
      data-testid="follow-up-settings"
      className="grid scroll-mt-32 gap-4 border-t border-slate-200 pt-5"
    >
      <div>
        <h3 id={`${id}-h`} className="text-base font-semibold text-slate-900">
          Follow-ups
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Short e-mails in your name about a sent quote, each sent once at {hour}. They stop as soon as the quote is
          accepted, declined, revised or expires; turn them off on one quote from its details.
        </p>
      </div>
      <form onSubmit={form.submit} noValidate aria-label="Follow-up settings" className="grid gap-4">
        {RULES.map((rule) => (
          <Fragment key={rule.on}>
            <SwitchField
              label={rule.label}
              description={rule.description}
              checked={values[rule.on]}
              onCheckedChange={(on) => set({ [rule.on]: on })}
            />
            <WholeNumberField
              label={rule.daysLabel}
              error={errors[rule.days]}
              hint={`${FOLLOW_UP_MIN_DAYS} to ${FOLLOW_UP_MAX_DAYS}. Sent on that day at ${hour}.`}
              inputClassName="max-w-32"
              value={values[rule.days]}
              onChange={(days) => set({ [rule.days]: days })}
            />
          </Fragment>
        ))}
        <SettingsSaveRow error={form.error} saving={form.saving} label="Save Follow-ups" />
      </form>
    </section>
  );
}
