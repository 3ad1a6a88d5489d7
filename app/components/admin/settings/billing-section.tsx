import { useRef } from "react";
import type { BillingSettings } from "~/contracts/billing";
import { useBillingSettings } from "~/components/admin/billing";
import { Field } from "~/components/admin/ui/field";
import { InlineLoading } from "~/components/admin/ui/loading";
import { cardClass } from "~/components/admin/ui/styles";
import { loadErrorMessage } from "~/components/admin/ui/load-error";
import { SwitchField } from "~/components/admin/ui/switch-field";
import { SettingsSaveRow, WholeNumberField, useBillingSettingsForm, wholeOrNaN } from "./billing-settings-form";
import { FollowUpsSettings } from "./follow-ups-settings";
import { useHashAnchor } from "./use-hash-anchor";

/** The anchor of this section: /admin/settings#billing. */
export const BILLING_SECTION_ID = "billing";

interface BillingValues {
  terms_template: string;
  deposit_percent: string;
  quote_valid_days: string;
  invoice_due_days: string;
  advance_project_on_deposit: boolean;
  invoice_on_acceptance: boolean;
}

const valuesOf = (s: BillingSettings): BillingValues => ({
  terms_template: s.terms_template,
  deposit_percent: String(s.deposit_percent),
  quote_valid_days: String(s.quote_valid_days),
  invoice_due_days: String(s.invoice_due_days),
  advance_project_on_deposit: s.advance_project_on_deposit,
  invoice_on_acceptance: s.invoice_on_acceptance,
});

/**
 * Settings, Billing (docs/product/billing.md "Settings"): what a new quote starts
 * with (the terms, the deposit, how long it is valid), when a new invoice is due, and whether a
 * paid deposit moves its project on. Saved on its own, apart from the chat settings.
 */
export function BillingSettingsSection() {
  const settings = useBillingSettings();
  const ref = useRef<HTMLElement>(null);
  useHashAnchor(ref, BILLING_SECTION_ID);
  return (
    <section
      ref={ref}
      id={BILLING_SECTION_ID}
      aria-labelledby="billing-settings-title"
      data-testid="billing-settings"
      className={`${cardClass} grid scroll-mt-32 gap-5`}
    >
      <div>
        <h2 id="billing-settings-title" className="text-lg font-semibold text-slate-900">
          Billing
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What a new quote and a new invoice start with. A quote already written keeps its own terms and days.
        </p>
      </div>
      {settings.isPending ? (
        <InlineLoading label="Loading the billing settings..." />
      ) : settings.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {loadErrorMessage(settings.error, "Failed to load the billing settings")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <>
          <BillingSettingsForm initial={settings.data} />
          <FollowUpsSettings initial={settings.data} />
        </>
      )}
    </section>
  );
}

function BillingSettingsForm({ initial }: { initial: BillingSettings }) {
  const form = useBillingSettingsForm({
    initial,
    valuesOf,
    input: (v: BillingValues) => ({
      terms_template: v.terms_template,
      deposit_percent: wholeOrNaN(v.deposit_percent),
      quote_valid_days: wholeOrNaN(v.quote_valid_days),
      invoice_due_days: wholeOrNaN(v.invoice_due_days),
      advance_project_on_deposit: v.advance_project_on_deposit,
      invoice_on_acceptance: v.invoice_on_acceptance,
    }),
    savedMessage: "Billing settings saved",
    fallbackError: "Failed to save the billing settings",
  });
  const { values, errors, set } = form;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Billing settings" className="grid gap-4">
      <Field
        label="Terms template"
        error={errors.terms_template}
        hint="A new quote's terms start with this text; each quote's can be changed."
      >
        {(p) => (
          <textarea
            {...p}
            rows={6}
            value={values.terms_template}
            onChange={(e) => set({ terms_template: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <WholeNumberField
          label="Default deposit (%)"
          error={errors.deposit_percent}
          value={values.deposit_percent}
          onChange={(deposit_percent) => set({ deposit_percent })}
        />
        <WholeNumberField
          label="Quotes valid for (days)"
          error={errors.quote_valid_days}
          value={values.quote_valid_days}
          onChange={(quote_valid_days) => set({ quote_valid_days })}
        />
        <WholeNumberField
          label="Invoices due in (days)"
          error={errors.invoice_due_days}
          value={values.invoice_due_days}
          onChange={(invoice_due_days) => set({ invoice_due_days })}
        />
      </div>
      <SwitchField
        label="Send the deposit invoice when a client accepts a quote"
        description="The client signs and pays in one sitting: the invoice goes out with their signed copy, and the portal shows it with Pay Now. Off: you create and send it yourself."
        checked={values.invoice_on_acceptance}
        onCheckedChange={(invoice_on_acceptance) => set({ invoice_on_acceptance })}
      />
      <SwitchField
        label="Move a project to its next status when its deposit is paid"
        description="A submitted project moves to planning, a planning one to design, with a note in its history."
        checked={values.advance_project_on_deposit}
        onCheckedChange={(advance_project_on_deposit) => set({ advance_project_on_deposit })}
      />
      <SettingsSaveRow error={form.error} saving={form.saving} label="Save Billing Settings" />
    </form>
  );
}
