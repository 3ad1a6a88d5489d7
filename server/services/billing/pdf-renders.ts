import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoicePayments, invoices, quotes } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { MediaStore } from "../media/store";
import type { PdfPool } from "./pdf-pool";
import { printHash, type PdfTask } from "./pdf-print";
import type { DbOrTx } from "../../db/tx";

/**
 * Billing PDFs that cost nothing twice (docs/decisions/045-pdfs-rendered-once.md). A frozen
 * document (a sent or decided quote, a paid or void invoice, a payment's receipt) is rendered
 * once and its bytes kept in the media store under renders/<kind>/<id>/<hash>.pdf, the hash being
 * that of everything it prints with the layout's version (./pdf-print.ts): a later download is a
 * read, and a change of content or layout is a new key. Drafts and open invoices, which change, are
 * rendered on each download. Either way the render runs on the pool's workers (./pdf-pool.ts), and
 * downloads of the same content at the same time share one render.
 */

export const RENDERS_FOLDER = "renders";

export type PdfKind = PdfTask["kind"];

/** A document as a download renders it: what it prints, whether that can still change, its file name. */
export interface PdfSource {
  kind: PdfKind;
  /** The quote's, the invoice's or the payment's id. */
  id: number;
  task: PdfTask;
  /** A frozen document's render is kept. */
  frozen: boolean;
  filename: string;
}

/** The PDF as a download answers it: the kept file's stream, or the bytes just rendered. */
export interface PdfFile {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  size: number;
  filename: string;
}

export interface PdfDeps {
  db: Database;
  store: MediaStore;
  pool: PdfPool;
  log: Pick<Logger, "warn">;
}

/** The folder of one document's renders. */
export const renderFolder = (kind: PdfKind, id: number) => `${RENDERS_FOLDER}/${kind}/${id}`;

export const renderKey = (source: Pick<PdfSource, "kind" | "id" | "task">) =>
  `${renderFolder(source.kind, source.id)}/${printHash(source.task)}.pdf`;

/** Renders under way, by store and key: a second request for the same content waits for the first's. */
const underWay = new WeakMap<MediaStore, Map<string, Promise<Uint8Array<ArrayBuffer>>>>();

function shared(
  store: MediaStore,
  key: string,
  render: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  let running = underWay.get(store);
  if (!running) underWay.set(store, (running = new Map()));
  let promise = running.get(key);
  if (!promise) {
    promise = render().finally(() => running.delete(key));
    running.set(key, promise);
  }
  return promise;
}

/**
 * The document's PDF: a frozen one's kept render when there is one; otherwise rendered on the
 * pool (refused with PdfBusyError when its queue is full, unless `bounded` is false) and, when
 * frozen, kept. A render that cannot be kept (the store is unreachable) is still answered.
 */
export async function pdfOf(deps: PdfDeps, source: PdfSource, { bounded = true } = {}): Promise<PdfFile> {
  const key = renderKey(source);
  if (source.frozen) {
    const kept = await deps.store.get(key);
    if (kept) return { body: kept.body, size: kept.size, filename: source.filename };
  }
  const bytes = await shared(deps.store, key, async () => {
    const made = await deps.pool.render(source.task, { bounded });
    if (source.frozen)
      await deps.store.put(key, made, "application/pdf").catch((error: unknown) => {
        deps.log.warn({ err: error, key }, "could not keep a rendered PDF: the next download renders it again");
      });
    return made;
  });
  return { body: bytes, size: bytes.byteLength, filename: source.filename };
}

/** The PDF's bytes, read whole (the copy of an accepted quote kept with the project's files). */
export async function pdfBytes(file: PdfFile): Promise<Uint8Array<ArrayBuffer>> {
  return file.body instanceof Uint8Array ? file.body : new Uint8Array(await new Response(file.body).arrayBuffer());
}

/** The render folders of a project's documents: its quotes, its invoices and their payments' receipts. */
export async function renderFoldersOfProject(db: DbOrTx, projectId: string): Promise<string[]> {
  const quoteRows = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.projectId, projectId));
  const invoiceRows = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.projectId, projectId));
  const paymentRows = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoices.projectId, projectId));
  return [
    ...quoteRows.map((row) => renderFolder("quote", row.id)),
    ...invoiceRows.map((row) => renderFolder("invoice", row.id)),
    ...paymentRows.map((row) => renderFolder("receipt", row.id)),
  ];
}

/**
 * Removes every render in these folders. What cannot be removed now is left for the renders'
 * sweep (./pdf-sweep.ts), which removes any render that is not its document's current one.
 */
export async function removeRenders(store: MediaStore, folders: string[], log: Pick<Logger, "warn">): Promise<number> {
  let removed = 0;
  for (const folder of folders) {
    try {
      for await (const object of store.list(folder)) {
        await store.delete(object.key);
        removed += 1;
      }
    } catch (error) {
      log.warn({ err: error, folder }, "could not remove a document's kept PDFs: the renders' sweep will");
    }
  }
  return removed;
}
