import { afterAll, describe, expect, it } from "vitest";
import { createPdfPool, PDF_BUSY, PdfBusyError, pdfRenderCount } from "./pdf-pool";
import type { PdfTask } from "./pdf-print";

/**
 * The render pool's own bounds (docs/decisions/045-pdfs-rendered-once.md): its threads and queue
 * take so many renders, the next download is refused with a wait, the app's own renders wait their
 * turn, and every render comes back as a PDF.
 */
const pool = createPdfPool({ workers: 1, queue: 1 });
afterAll(() => pool.destroy());

const receipt = (n: number): PdfTask => ({
  kind: "receipt",
  client: null,
  receipt: {
    number: `INV-2026-0001-R${n}`,
    due_after_cents: 0,
    invoice: {
      number: "INV-2026-0001",
      kind: "manual",
      issue_date: "2026-07-01",
      total_cents: 10_000,
      project_name: "Harbor Bakery Website Project",
      project_id: "WBT-2026-7KQ4MZ",
      client_name: "Zoë Quinn",
    },
    payment: { paid_on: "2026-07-03", method: "check", created_at: "2026-07-03T16:20:00.000Z", amount_cents: 10_000 },
  },
});

describe("the PDF pool", () => {
  it("takes a render per thread and per place in its queue, refuses the next with a wait, and lets its own wait", async () => {
    const before = pdfRenderCount();
    const taken = [pool.render(receipt(1)), pool.render(receipt(2))];
    expect(pool.pending).toBe(2);
    const refused = pool.render(receipt(3));
    await expect(refused).rejects.toBeInstanceOf(PdfBusyError);
    const error = (await refused.catch((e: unknown) => e)) as PdfBusyError;
    expect(error.message).toBe(PDF_BUSY);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(30);

    const own = pool.render(receipt(4), { bounded: false });
    const all = await Promise.all([...taken, own]);
    expect(pdfRenderCount()).toBe(before + 3);
    expect(pool.pending).toBe(0);
    for (const bytes of all) {
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    }
  }, 120_000);
});
