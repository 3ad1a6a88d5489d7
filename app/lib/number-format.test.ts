import { describe, expect, it } from "vitest";
import { groupThousands } from "./number-format";

describe("groupThousands", () => {
  it("writes what toLocaleString('en-US') writes", () => {
    const values = [
      0, 7, 42, 999, 1000, 1500, 12500, 999999, 1000000, 1234567.891, 2.5, 0.1234, -1500, -0.0001, 1e15, 123456789012,
    ];
    for (const value of values) expect(groupThousands(value), String(value)).toBe(value.toLocaleString("en-US"));
  });

  it("passes the odd numbers through toLocaleString", () => {
    for (const value of [Number.NaN, Infinity, -Infinity, 1e21])
      expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
  });
});
