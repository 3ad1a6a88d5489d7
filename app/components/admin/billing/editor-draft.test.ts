import { describe, expect, it } from "vitest";
import { billingDraftId, draftValuesOf, valuesOfDraft } from "./editor-draft";
import type { MoneyValues } from "./money-form";

type QuoteLike = MoneyValues & { terms: string; notes: string; deposit_text: string };

const saved: QuoteLike = {
  lines: [{ key: "line-1", description: "Starter Site", quantity: "1", unit: "275.00", preset: "starter-site" }],
  discount_type: "none",
  discount_text: "",
  terms: "A 50% deposit starts the work.",
  notes: "",
  deposit_text: "50",
};

describe("the quote and invoice editors' drafts", () => {
  it("one draft per saved quote or invoice, and one for a new one per project", () => {
    expect(billingDraftId("WBT-2026-7KQ4MZ")).toBe("new@WBT-2026-7KQ4MZ");
    expect(billingDraftId("WBT-2026-7KQ4MZ", 12)).toBe(12);
  });

  it("keeps every line and field as typed, and gives them back with new keys on screen", () => {
    const typed: QuoteLike = {
      ...saved,
      lines: [
        ...saved.lines,
        { key: "line-2", description: "Menu page for Łucja Nguyễn", quantity: "0.5", unit: "75", preset: null },
      ],
      discount_type: "percent",
      discount_text: "12.5",
      notes: "Zoë’s “notes”",
    };
    const flat = draftValuesOf(typed);
    expect(Object.values(flat).every((v) => typeof v === "string" || typeof v === "boolean")).toBe(true);
    const back = valuesOfDraft(saved, JSON.parse(JSON.stringify(flat)) as typeof flat);
    expect(back.lines.map(({ key: _key, ...line }) => line)).toEqual(typed.lines.map(({ key: _key, ...line }) => line));
    expect(new Set(back.lines.map((l) => l.key)).size).toBe(2);
    expect(Object.keys(flat).some((name) => name.endsWith(".key"))).toBe(false);
    expect(back).toMatchObject({ discount_type: "percent", discount_text: "12.5", notes: "Zoë’s “notes”" });
  });

  it("ignores what it does not know: damaged fields keep the saved values", () => {
    const back = valuesOfDraft(saved, { lines: "many", discount_type: "bribe", terms: true, notes: "kept" });
    expect(back.lines).toBe(saved.lines);
    expect(back.discount_type).toBe("none");
    expect(back.terms).toBe(saved.terms);
    expect(back.notes).toBe("kept");
  });
});
