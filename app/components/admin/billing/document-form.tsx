import { toast } from "sonner";
import type { z } from "zod";
import { useSchemaForm } from "../ui/use-schema-form";
import { RestoredDraftNotice, useBillingDraft, type BillingDraftKind } from "./editor-draft";
import { LinesEditor, TotalsBox } from "./lines-editor";
import { liveTotals, moneyErrors, moneyInput, type MoneyValues } from "./money-form";
import { useFocusInvalid } from "./use-focus-invalid";

const NOUNS: Record<BillingDraftKind, string> = { quote: "Quote", invoice: "Invoice" };

/**
 * What a quote's and an invoice's editor share (docs/product/billing.md "Quotes", "Invoices"): a
 * form of lines, a discount and the document's own fields, checked by the contract's schema and the
 * money rules, kept as a draft in this browser until it is saved, its first invalid field focused,
 * and its totals worked out as they are typed. The server's half is
 * server/services/billing/document-core.ts.
 */
export function useDocumentForm<V extends MoneyValues, S extends z.ZodType, R extends { number: string }>(options: {
  kind: BillingDraftKind;
  projectId: string;
  /** The saved document's id; none for a new one. */
  savedId?: number;
  initial: () => V;
  schema: S;
  /** The document's own fields, beside its lines and discount, as the schema takes them. */
  fields: (values: V) => Record<string, unknown>;
  save: (data: z.output<S>) => Promise<R>;
  /** After a save: the dialog closes. */
  onDone: () => void;
}) {
  const noun = NOUNS[options.kind];
  const saved = options.savedId !== undefined;
  const form = useSchemaForm({
    initial: options.initial,
    schema: options.schema,
    input: (values: V) => ({ ...moneyInput(values), ...options.fields(values) }),
    check: (values, errors) => moneyErrors(values, errors),
    fieldErrorOptions: { fullPath: true },
    invalidMessage: () => "Check the fields marked in red.",
    save: (data) => options.save(data),
    onSaved: (result: R) => {
      draft.clear();
      toast.success(saved ? `${noun} ${result.number} saved` : `${noun} ${result.number} created as a draft`);
      options.onDone();
    },
    fallbackError: saved ? `Failed to save the ${options.kind}` : `Failed to create the ${options.kind}`,
  });
  const draft = useBillingDraft({
    kind: options.kind,
    projectId: options.projectId,
    savedId: options.savedId,
    values: form.values,
    setValues: form.setValues,
  });
  const formRef = useFocusInvalid(form.errors);
  return { ...form, draft, formRef, totals: liveTotals(form.values) };
}

type DocumentForm = ReturnType<typeof useDocumentForm<MoneyValues, z.ZodType, { number: string }>>;

/**
 * The restored draft's notice, the lines with the discount, and the totals: Subtotal, Discount and
 * Total, then `more` (a quote's deposit).
 */
export function DocumentLines({
  form,
  more = [],
}: {
  form: Pick<DocumentForm, "draft" | "values" | "set" | "errors" | "totals">;
  more?: [string, number][];
}) {
  const { draft, totals } = form;
  return (
    <>
      <RestoredDraftNotice draft={draft.restored} onDiscard={draft.discard} />
      <LinesEditor values={form.values} set={form.set} errors={form.errors} />
      <TotalsBox
        rows={[
          ["Subtotal", totals.subtotal_cents],
          ["Discount", -totals.discount_cents],
          ["Total", totals.total_cents],
          ...more,
        ]}
      />
    </>
  );
}
