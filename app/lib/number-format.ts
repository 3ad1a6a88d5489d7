/**
 * Whole numbers grouped by thousands the en-US way ("12,500"), by hand. `toLocaleString` builds an
 * ICU number formatter on every call, and the prices on a public page made that a measurable part
 * of its hydration on a slow phone. Fractions are rounded to at most three digits, as
 * `toLocaleString("en-US")` rounds them.
 */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString("en-US");
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  if (rounded >= 1e21) return value.toLocaleString("en-US");
  const [whole = "0", fraction] = rounded
    .toFixed(3)
    .replace(/\.?0+$/, "")
    .split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 ? "-" : "";
  return `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
}
