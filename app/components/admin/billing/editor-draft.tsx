import { useMemo, useState } from "react";
import { History } from "lucide-react";
import type { Invoice } from "~/contracts/invoices";
import { DISCOUNT_TYPES } from "~/contracts/billing-fields";
import type { Quote } from "~/contracts/quotes";
import {
  browserStorage,
  readDraft,
  removeDraft,
  sameValues,
  type Draft,
  type DraftId,
  type DraftValues,
} from "~/lib/drafts";
import { formatDateTime } from "../ui/format";
import { adminButton } from "../ui/styles";
import { announceDrafts, useDraftKeeper, useStoredDraft } from "../ui/use-draft-keeper";
import { emptyLine, type LineValues, type MoneyValues } from "./money-form";

/**
 * The quote and invoice editors keep an unsaved draft in the browser, as the post editor does
 * (docs/product/billing.md "Quotes", "Keeping a draft"; app/lib/drafts.ts): written a second after
 * typing stops, when the page is hidden or closed and when the dialog closes with changes; removed
 * by a save or by Discard. Opening the editor again restores it, and says so.
 */
export type BillingDraftKind = "quote" | "invoice";

/** How long after the last keystroke the editor's draft is written (as the post form's). */
const DEBOUNCE_MS = 1000;

/** One draft per saved quote or invoice, and one for a new one per project. */
export const billingDraftId = (projectId: string, savedId?: number): DraftId => savedId ?? `new@${projectId}`;

const LINE_FIELDS = ["description", "quantity", "unit", "preset"] as const;

/** The editor's values as a draft keeps them: flat, each line as `lines.{i}.{field}`, without its key on screen. */
export function draftValuesOf(values: MoneyValues): DraftValues {
  const flat: DraftValues = { lines: String(values.lines.length) };
  for (const [key, value] of Object.entries(values))
    if (typeof value === "string" || typeof value === "boolean") flat[key] = value;
  values.lines.forEach((line, index) => {
    for (const field of LINE_FIELDS) flat[`lines.${index}.${field}`] = line[field] ?? "";
  });
  return flat;
}

/** A draft laid over the editor's saved values: only known fields of the right type, each line re-keyed. */
export function valuesOfDraft<V extends MoneyValues>(base: V, draft: DraftValues): V {
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(base)) {
    if (key === "lines" || (typeof value !== "string" && typeof value !== "boolean")) continue;
    if (typeof draft[key] === typeof value) merged[key] = draft[key];
  }
  if (!(DISCOUNT_TYPES as readonly unknown[]).includes(merged.discount_type)) merged.discount_type = base.discount_type;
  const count = typeof draft.lines === "string" && /^\d{1,3}$/.test(draft.lines) ? Number(draft.lines) : null;
  if (count !== null) {
    const text = (key: string) => (typeof draft[key] === "string" ? (draft[key] as string) : "");
    merged.lines = Array.from({ length: count }, (_, index): LineValues => {
      const at = (field: string) => text(`lines.${index}.${field}`);
      return {
        ...emptyLine(),
        description: at("description"),
        quantity: at("quantity"),
        unit: at("unit"),
        preset: at("preset") || null,
      };
    });
  }
  return merged as V;
}

/**
 * Keeps the open editor's draft with the post editor's keeper, and offers to discard a restored
 * one. When the editor opens, a draft kept for it is laid over the values it opened with (its
 * saved version, or a new one's), once.
 */
export function useBillingDraft<V extends MoneyValues>({
  kind,
  projectId,
  savedId,
  values,
  setValues,
}: {
  kind: BillingDraftKind;
  projectId: string;
  /** The quote's or invoice's id; none for a new one. */
  savedId?: number;
  values: V;
  setValues: (values: V) => void;
}) {
  const id = billingDraftId(projectId, savedId);
  const [opening] = useState(() => {
    const storage = browserStorage();
    return { base: values, draft: storage ? readDraft(storage, kind, id) : null };
  });
  const [restored, setRestored] = useState(opening.draft);
  const [applied, setApplied] = useState(false);
  if (opening.draft && !applied) {
    setApplied(true);
    setValues(valuesOfDraft(opening.base, opening.draft.values));
  }
  const flat = useMemo(() => draftValuesOf(values), [values]);
  const savedFlat = useMemo(() => draftValuesOf(opening.base), [opening.base]);
  const keeper = useDraftKeeper({
    kind,
    id,
    values: flat,
    // Not before the draft is laid over the form: the saved values would replace it.
    dirty: (applied || !opening.draft) && !sameValues(flat, savedFlat),
    debounceMs: DEBOUNCE_MS,
  });
  return {
    restored,
    /** Saved: the draft goes and is not written again as the dialog closes. */
    clear: keeper.clear,
    /** Discard: the draft goes and the saved version is back in the form. */
    discard() {
      const storage = browserStorage();
      if (storage) removeDraft(storage, kind, id);
      announceDrafts();
      setValues(opening.base);
      setRestored(null);
    },
  };
}

/** 'Unsaved draft from {time} restored', with Discard, at the top of a restored editor. */
export function RestoredDraftNotice({ draft, onDiscard }: { draft: Draft | null; onDiscard: () => void }) {
  if (!draft) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2">
        <History className="size-4 shrink-0" aria-hidden="true" />
        Unsaved draft from {formatDateTime(draft.savedAt)} restored.
      </p>
      <button type="button" className={adminButton.secondary} onClick={onDiscard}>
        Discard draft
      </button>
    </div>
  );
}

/** A project's quote and invoice drafts left in this browser (a reload, a closed dialog), each with Continue. */
export function BillingDraftNotices({
  projectId,
  quotes,
  invoices,
  onQuote,
  onInvoice,
}: {
  projectId: string;
  quotes: readonly Quote[];
  invoices: readonly Invoice[];
  onQuote: (quote?: Quote) => void;
  onInvoice: (invoice?: Invoice) => void;
}) {
  const newQuote = useStoredDraft("quote", billingDraftId(projectId));
  const newInvoice = useStoredDraft("invoice", billingDraftId(projectId));
  const rows: { key: string; label: string; name: string; draft: Draft | null; open: () => void }[] = [
    { key: "quote-new", label: "a new quote", name: "the unsaved quote", draft: newQuote, open: () => onQuote() },
    {
      key: "invoice-new",
      label: "a new invoice",
      name: "the unsaved invoice",
      draft: newInvoice,
      open: () => onInvoice(),
    },
  ];
  return (
    <>
      <DraftRows rows={rows} />
      {quotes
        .filter((q) => q.status === "draft")
        .map((q) => (
          <SavedDraftRow key={`q${q.id}`} kind="quote" id={q.id} label={`Quote ${q.number}`} open={() => onQuote(q)} />
        ))}
      {invoices.map((inv) => (
        <SavedDraftRow
          key={`i${inv.id}`}
          kind="invoice"
          id={inv.id}
          label={`Invoice ${inv.number}`}
          open={() => onInvoice(inv)}
        />
      ))}
    </>
  );
}

function SavedDraftRow({
  kind,
  id,
  label,
  open,
}: {
  kind: BillingDraftKind;
  id: number;
  label: string;
  open: () => void;
}) {
  const draft = useStoredDraft(kind, id);
  return <DraftRows rows={[{ key: `${kind}-${id}`, label, name: `the unsaved changes to ${label}`, draft, open }]} />;
}

function DraftRows({
  rows,
}: {
  rows: { key: string; label: string; name: string; draft: Draft | null; open: () => void }[];
}) {
  const kept = rows.filter((row) => row.draft);
  if (!kept.length) return null;
  return kept.map((row) => (
    <p
      key={row.key}
      className="flex flex-col gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <span className="flex items-center gap-2">
        <History className="size-4 shrink-0" aria-hidden="true" />
        Unsaved draft of {row.label} from {formatDateTime(row.draft!.savedAt)}
      </span>
      <button type="button" className={adminButton.primary} onClick={row.open}>
        Continue<span className="sr-only"> {row.name}</span>
      </button>
    </p>
  ));
}
