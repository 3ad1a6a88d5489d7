import { site } from "~/config/site";
import { depositCents } from "~/contracts/billing-money";
import { NewQuoteSchema, type Quote } from "~/contracts/quotes";
import type { BillingSettings } from "~/contracts/billing";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { FormFooter } from "../ui/form-footer";
import { InlineLoading } from "../ui/loading";
import { DocumentLines, useDocumentForm } from "./document-form";
import { useBillingSettings, useCreateQuote, useUpdateQuote } from "./api";
import { addDays, todayDay } from "./labels";
import { moneyValuesOf, emptyLine, type MoneyValues } from "./money-form";
import { ScheduleEditor, scheduleInput, scheduleValuesOf, type ScheduleValues } from "./schedule-editor";

/** What the quote editor opens on: a new quote of a project, or a draft to edit. */
export type QuoteEditing = { projectId: string; quote?: Quote };

interface QuoteValues extends MoneyValues, ScheduleValues {
  deposit_text: string;
  terms: string;
  valid_until: string;
  notes: string;
}

/** The defaults of a new quote: the billing settings' (the site config's until they load). */
const DEFAULTS: Pick<BillingSettings, "deposit_percent" | "quote_valid_days" | "terms_template"> = {
  deposit_percent: site.billing.depositPercent,
  quote_valid_days: site.billing.quoteValidDays,
  terms_template: site.billing.termsTemplate,
};

function initialValues(quote: Quote | undefined, settings: typeof DEFAULTS): QuoteValues {
  if (quote)
    return {
      ...moneyValuesOf(quote),
      deposit_text: String(quote.deposit_percent),
      terms: quote.terms,
      valid_until: quote.valid_until,
      notes: quote.notes ?? "",
      schedule: scheduleValuesOf(quote.schedule),
      auto_invoice: quote.auto_invoice,
    };
  return {
    lines: [],
    discount_type: "none",
    discount_text: "",
    deposit_text: String(settings.deposit_percent),
    terms: settings.terms_template,
    valid_until: addDays(todayDay(), settings.quote_valid_days),
    notes: "",
    schedule: null,
    auto_invoice: true,
  };
}

const wholeOrNaN = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The quote editor (docs/product/billing.md "Quotes"): lines from the price tiers or typed, a
 * discount, the deposit or a payment schedule, the terms from the settings' template, the valid-until day and notes, with
 * the totals as they are typed. A draft only: a sent quote is revised instead.
 */
export function QuoteEditorDialog({ editing, onClose }: { editing: QuoteEditing | null; onClose: () => void }) {
  const settings = useBillingSettings();
  const ready = !editing || editing.quote || !settings.isPending;
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing?.quote ? `Edit Quote ${editing.quote.number}` : "New Quote"}
      description={editing?.quote ? editing.quote.project_name : "A draft: the client sees it once you send it."}
      wide
    >
      {editing &&
        (ready ? (
          <QuoteForm
            key={editing.quote?.id ?? `new-${editing.projectId}`}
            editing={editing}
            defaults={settings.data ?? DEFAULTS}
            onDone={onClose}
          />
        ) : (
          <InlineLoading label="Loading the billing settings..." />
        ))}
    </Dialog>
  );
}

function QuoteForm({
  editing,
  defaults,
  onDone,
}: {
  editing: QuoteEditing;
  defaults: typeof DEFAULTS;
  onDone: () => void;
}) {
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const { quote, projectId } = editing;
  const { formRef, ...form } = useDocumentForm({
    kind: "quote",
    projectId,
    savedId: quote?.id,
    initial: () => {
      const values = initialValues(quote, defaults);
      // A new quote starts with one free line to type into.
      return quote ? values : { ...values, lines: [emptyLine()] };
    },
    schema: NewQuoteSchema,
    fields: (values) => ({
      deposit_percent: wholeOrNaN(values.deposit_text),
      terms: values.terms,
      valid_until: values.valid_until,
      notes: values.notes.trim() ? values.notes : undefined,
      schedule: scheduleInput(values.schedule),
      auto_invoice: values.auto_invoice,
    }),
    save: (data) =>
      quote ? update.mutateAsync({ quoteId: quote.id, body: data }) : create.mutateAsync({ projectId, body: data }),
    onDone,
  });
  const { values, errors, set } = form;
  const deposit = wholeOrNaN(values.deposit_text);
  const depositShown = Number.isInteger(deposit) && deposit >= 0 && deposit <= 100 ? deposit : 0;

  return (
    <form
      ref={formRef}
      onSubmit={form.submit}
      noValidate
      className="grid gap-4"
      aria-label={quote ? "Edit quote" : "New quote"}
    >
      <DocumentLines
        form={form}
        more={
          values.schedule ? [] : [[`Deposit (${depositShown}%)`, depositCents(form.totals.total_cents, depositShown)]]
        }
      />
      <ScheduleEditor values={values} set={set} errors={errors} totalCents={form.totals.total_cents} />
      <div className="grid gap-3 sm:grid-cols-2">
        {!values.schedule && (
          <Field label="Deposit (%)" error={errors.deposit_percent} hint="A whole percent of the total, 0 to 100">
            {(p) => (
              <input
                {...p}
                type="text"
                inputMode="numeric"
                value={values.deposit_text}
                onChange={(e) => set({ deposit_text: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Valid until" error={errors.valid_until}>
          {(p) => (
            <input
              {...p}
              type="date"
              value={values.valid_until}
              onChange={(e) => set({ valid_until: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Terms" error={errors.terms} hint="Prefilled from the template in Settings > Billing">
        {(p) => <textarea {...p} rows={5} value={values.terms} onChange={(e) => set({ terms: e.target.value })} />}
      </Field>
      <Field label="Notes for the client" error={errors.notes} hint="Shown above the lines">
        {(p) => <textarea {...p} rows={2} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </Field>
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel={quote ? "Save Quote" : "Create Quote"}
        busyLabel="Saving..."
        onCancel={onDone}
      />
    </form>
  );
}
