import { describe, expect, it } from "vitest";
import { checkWithSchema } from "../use-schema-form";
import { NewQuoteSchema } from "~/contracts/quotes";
import {
  discountValueOf,
  liveTotals,
  moneyErrors,
  moneyInput,
  moneyValuesOf,
  percentBasisPoints,
  presetLine,
  type MoneyValues,
} from "./money-form";

const line = (description: string, quantity: string, unit: string) => ({
  key: description,
  description,
  quantity,
  unit,
  preset: null,
});

describe("the quote editor's money, as typed", () => {
  it("fills a preset line from the price tier: its line and the price in cents", () => {
    const starter = presetLine("starter-site")!;
    expect(starter).toMatchObject({ quantity: "1", unit: "275.00", preset: "starter-site" });
    expect(starter.description).toMatch(/^Starter Site/);
    expect(presetLine("no-such-tier")).toBeNull();
  });

  it("reads percents as basis points and dollars as cents", () => {
    expect(percentBasisPoints("12.5")).toBe(1250);
    expect(percentBasisPoints("10%")).toBe(1000);
    expect(percentBasisPoints("101")).toBeNull();
    expect(percentBasisPoints("ten")).toBeNull();
    expect(discountValueOf({ discount_type: "amount", discount_text: "$25" })).toBe(2500);
    expect(discountValueOf({ discount_type: "none", discount_text: "junk" })).toBe(0);
    expect(discountValueOf({ discount_type: "percent", discount_text: "junk" })).toBeNaN();
  });

  it("adds up what is typed so far, as the server will (a line not yet valid counts 0)", () => {
    const values: MoneyValues = {
      lines: [line("Starter Site", "1", "275"), line("Extra page", "1.5", "$99.99"), line("Half typed", "2", "12.")],
      discount_type: "percent",
      discount_text: "10",
    };
    // 275.00 + 149.985 (half up: 149.99) + 24.00 = 448.99; 10 % = 44.899 -> 44.90.
    expect(liveTotals(values)).toEqual({ subtotal_cents: 44_899, discount_cents: 4_490, total_cents: 40_409 });
    expect(liveTotals({ ...values, lines: [line("Bad", "x", "abc")] })).toEqual({
      subtotal_cents: 0,
      discount_cents: 0,
      total_cents: 0,
    });
  });

  it("keeps a wrong amount as typed and says it in dollars under its field", () => {
    const values: MoneyValues = {
      lines: [line("Starter Site", "1", "27,5.5x")],
      discount_type: "none",
      discount_text: "",
    };
    const checked = checkWithSchema(values, {
      schema: NewQuoteSchema,
      input: (v: MoneyValues) => moneyInput(v),
      check: moneyErrors,
      fieldErrorOptions: { fullPath: true },
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors["lines.0.unit_price_cents"]).toBe("Enter the unit price in dollars, e.g. 275.00");
    expect(values.lines[0]!.unit).toBe("27,5.5x");
  });

  it("turns a saved quote back into text to edit", () => {
    const values = moneyValuesOf({
      lines: [
        { description: "Full Site", quantity: 1, unit_price_cents: 65_000, total_cents: 65_000, preset: "full-site" },
      ],
      discount_type: "percent",
      discount_value: 1250,
    });
    expect(values.lines[0]).toMatchObject({ quantity: "1", unit: "650.00", preset: "full-site" });
    expect(values.discount_text).toBe("12.5");
  });
});
