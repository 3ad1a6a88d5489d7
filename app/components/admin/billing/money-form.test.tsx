import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkWithSchema } from "../ui/use-schema-form";
import { NewInvoiceSchema } from "~/contracts/invoices";
import { NewQuoteSchema } from "~/contracts/quotes";
import { QUANTITY_DECIMALS_MESSAGE } from "~/contracts/billing-fields";
import { LinesEditor } from "./lines-editor";
import {
  discountValueOf,
  liveTotals,
  moneyErrors,
  moneyInput,
  moneyValuesOf,
  percentBasisPoints,
  presetLine,
  quantityWarning,
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

  it("refuses a quantity past two decimals with a message on the field, never rounding it", () => {
    const values: MoneyValues = { lines: [line("Hourly", "0.333", "30")], discount_type: "none", discount_text: "" };
    expect(quantityWarning("0.333")).toBe(QUANTITY_DECIMALS_MESSAGE);
    expect(quantityWarning("0.33")).toBeUndefined();
    expect(quantityWarning("")).toBeUndefined();
    // Not counted at 0.33 (or at all) while it is wrong.
    expect(liveTotals(values).subtotal_cents).toBe(0);
    const checked = checkWithSchema(values, {
      schema: NewQuoteSchema,
      input: (v: MoneyValues) => moneyInput(v),
      check: moneyErrors,
      fieldErrorOptions: { fullPath: true },
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors["lines.0.quantity"]).toBe(QUANTITY_DECIMALS_MESSAGE);
    // The editor shows it under the quantity as soon as it is typed, and no line total.
    const html = renderToStaticMarkup(<LinesEditor values={values} set={() => {}} errors={{}} />);
    expect(html).toContain(QUANTITY_DECIMALS_MESSAGE);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/Line total: <span[^>]*>—</);
  });

  it("says which line, subtotal or discount is too much, in the quote and the invoice editors", () => {
    for (const schema of [NewQuoteSchema, NewInvoiceSchema]) {
      const check = (values: MoneyValues) => {
        const checked = checkWithSchema(values, {
          schema,
          input: (v: MoneyValues) => ({ ...moneyInput(v), valid_until: undefined }),
          check: moneyErrors,
          fieldErrorOptions: { fullPath: true },
        });
        return checked.ok ? {} : checked.errors;
      };
      expect(
        check({ lines: [line("Big", "10000", "1,000,000")], discount_type: "none", discount_text: "" })[
          "lines.0.total_cents"
        ],
      ).toBe("The line total (quantity × unit price) must be at most $1,000,000.00");
      expect(
        check({
          lines: [line("Half", "1", "600,000"), line("Half again", "1", "600,000")],
          discount_type: "none",
          discount_text: "",
        }).lines,
      ).toBe("The subtotal of the lines must be at most $1,000,000.00");
      expect(
        check({ lines: [line("Work", "1", "100")], discount_type: "percent", discount_text: "101" }).discount_value,
      ).toBe("Enter the discount as a percent from 0 to 100, e.g. 10");
      expect(
        check({ lines: [line("Work", "1", "100")], discount_type: "amount", discount_text: "1,000,000.01" })
          .discount_value,
      ).toBe("The discount must be at most $1,000,000.00");
    }
    const errors = { "lines.0.total_cents": "The line total (quantity × unit price) must be at most $1,000,000.00" };
    const html = renderToStaticMarkup(
      <LinesEditor
        values={{ lines: [line("Big", "10000", "1,000,000")], discount_type: "none", discount_text: "" }}
        set={() => {}}
        errors={errors}
      />,
    );
    expect(html).toContain("The line total (quantity × unit price) must be at most $1,000,000.00");
  });
});
