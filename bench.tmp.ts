import { createPdfPool } from "./server/services/billing/pdf-pool";
import { renderQuotePdf } from "./server/services/billing/pdf";
const q: any = { number: "Q-2026-0001", revision: 1, status: "draft", sent_at: null, created_at: "2026-01-01T00:00:00Z", valid_until: "2026-02-01", decided_at: null, decline_reason: null, project_name: "P", project_id: "WBT-2026-AAAAAA", notes: "x", terms: "Terms.", deposit_percent: 50, deposit_cents: 1, acceptance: null, subtotal_cents: 1, discount_type: "none", discount_value: 0, discount_cents: 0, total_cents: 1, lines: [{ description: "Starter", quantity: 1, unit_price_cents: 100, total_cents: 100 }] };
for (let i = 0; i < 3; i++) { const t = performance.now(); await renderQuotePdf(q, null); console.log("main", Math.round(performance.now() - t)); }
const pool = createPdfPool({ workers: 2, queue: 30 });
let t = performance.now();
await pool.render({ kind: "quote", quote: q, client: null });
console.log("first (cold)", Math.round(performance.now() - t));
t = performance.now();
await Promise.all(Array.from({ length: 20 }, () => pool.render({ kind: "quote", quote: q, client: null })));
console.log("20 more", Math.round(performance.now() - t));
await pool.destroy();
