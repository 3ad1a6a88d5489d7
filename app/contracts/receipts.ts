/**
 * A payment's receipt (docs/product/billing.md "Receipts and signed copies"): its number is the
 * invoice's and the payment's place among the invoice's payments, in the order they were recorded
 * (INV-2026-0007-R2), the same in the e-mail, the PDF and the portal.
 */
export function receiptNumber(
  invoice: { number: string; payments: readonly { id: number }[] },
  payment: { id: number },
): string {
  const place = [...invoice.payments].sort((a, b) => a.id - b.id).findIndex((p) => p.id === payment.id) + 1;
  return `${invoice.number}-R${Math.max(place, 1)}`;
}
