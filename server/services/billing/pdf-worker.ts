import { renderInvoicePdf, renderQuotePdf, renderReceiptPdf } from "./pdf";
import type { PdfTask } from "./pdf-print";

/**
 * One render in a worker thread of the PDF pool (./pdf-pool.ts, docs/decisions/045-pdfs-rendered-once.md):
 * pdfkit and the Noto Sans files (./pdf-font.ts, read on the worker's first render) live here, never
 * on the app's thread. Built as build/server-app/pdf-worker.js beside the server bundle
 * (scripts/build.ts); from the sources, ./pdf-worker-dev.mjs loads it through tsx.
 */
export default function renderPdfTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "quote":
      return renderQuotePdf(task.quote, task.client);
    case "invoice":
      return renderInvoicePdf(task.invoice, task.client);
    case "receipt":
      return renderReceiptPdf(task.receipt, task.client);
  }
}
