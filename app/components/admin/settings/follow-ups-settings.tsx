import { useId } from "react";
import { toast } from "sonner";
import { site } from "~/config/site";
import { BillingSettingsChangeSchema, type BillingSettings } from "~/contracts/billing";
import { FOLLOW_UP_HOUR, FOLLOW_UP_MAX_DAYS, FOLLOW_UP_MIN_DAYS } from "~/contracts/quote-follow-ups";
import { useSaveBillingSettings } from "~/components/admin/billing";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { SwitchField } from "~/components/admin/ui/switch-field";
import { useSchemaForm } from "~/components/admin/ui/use-schema-form";

/** The anchor of this part: /admin/settings#billing-follow-ups. */
export const FOLLOW_UPS_SECTION_ID = "billing-follow-ups";

interface FollowUpValues {
  follow_up_not_opened: boolean;
  follow_up_not_opened_days: string;
  follow_up_expiring: boolean;
  follow_up_expiring_days: string;
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

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
  const save = useSaveBillingSettings();
  const form = useSchemaForm({
    initial: () => valuesOf(initial),
    schema: BillingSettingsChangeSchema,
    input: (v: FollowUpValues) => ({
      follow_up_not_opened: v.follow_up_not_opened,
      follow_up_not_opened_days: whole(v.follow_up_not_opened_days),
      follow_up_expiring: v.follow_up_expiring,
      follow_up_expiring_days: whole(v.follow_up_expiring_days),
    }),
    save: (data) => save.mutateAsync(data),
    onSaved: (saved) => {
      form.setValues(valuesOf(saved));
      toast.success("Follow-up settings saved");
    },
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
        <SwitchField
          label="Nudge when a quote is not opened"
          description="If the client has not opened a sent quote, ask whether it reached them."
          checked={values.follow_up_not_opened}
          onCheckedChange={(follow_up_not_opened) => set({ follow_up_not_opened })}
        />
        <Field
          label="Days after sending"
          error={errors.follow_up_not_opened_days}
          hint={`${FOLLOW_UP_MIN_DAYS} to ${FOLLOW_UP_MAX_DAYS}. Sent on that day at ${hour}.`}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="numeric"
              className={`${p.className} max-w-32`}
              value={values.follow_up_not_opened_days}
              onChange={(e) => set({ follow_up_not_opened_days: e.target.value })}
            />
          )}
        </Field>
        <SwitchField
          label="Remind before an opened quote expires"
          description="If the client opened the quote and has not accepted or declined it, remind them of its valid-until day."
          checked={values.follow_up_expiring}
          onCheckedChange={(follow_up_expiring) => set({ follow_up_expiring })}
        />
        <Field
          label="Days before it expires"
          error={errors.follow_up_expiring_days}
          hint={`${FOLLOW_UP_MIN_DAYS} to ${FOLLOW_UP_MAX_DAYS}. Sent on that day at ${hour}.`}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="numeric"
              className={`${p.className} max-w-32`}
              value={values.follow_up_expiring_days}
              onChange={(e) => set({ follow_up_expiring_days: e.target.value })}
            />
          )}
        </Field>
        {form.error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {form.error}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" className={adminButton.primary} disabled={form.saving}>
            {form.saving ? "Saving..." : "Save Follow-ups"}
          </button>
        </div>
      </form>
    </section>
  );
}
