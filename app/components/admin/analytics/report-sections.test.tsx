import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DaysTable } from "./report-sections";

describe("DaysTable", () => {
  it("44. shows each day's kept-out pageviews beside its figures", () => {
    const html = renderToStaticMarkup(
      <DaysTable
        days={[
          { day: "2026-12-06", pageviews: 71, visits: 35, visitors: 33, kept_out: 0 },
          { day: "2026-12-07", pageviews: 120, visits: 60, visitors: 58, kept_out: 61_234 },
        ]}
      />,
    );
    const text = html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
    expect(text).toContain("|Kept out|");
    expect(text).toMatch(/\|58\|120\|61,234\|/);
    expect(text).toMatch(/\|33\|71\|0\|/);
  });
});
