import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { sweepRenders } from "../../services/billing/pdf-sweep";
import { renderFolder, RENDERS_FOLDER } from "../../services/billing/pdf-renders";
import { localMediaStore } from "../../services/media/store";
import { sweepOrphanFiles } from "../../services/media/orphan-files";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";

/**
 * The kept PDFs' upkeep (docs/decisions/045-pdfs-rendered-once.md): the renders' sweep keeps each
 * document's current render and removes the rest (an older content's, a gone or unfrozen
 * document's, a write cut short), and the unreferenced-files sweep never takes a render for an
 * orphan upload.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;
let store: ReturnType<typeof localMediaStore>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
  store = localMediaStore(path.join(ctx.env.DATA_DIR, "media"));
});
afterAll(() => ctx.close());

const log = createLogger("silent");
/** Past the sweeps' minimum age (an hour): every file written by the test counts as old. */
const later = () => new Date(Date.now() + 2 * 60 * 60_000);

const keys = async (folder = RENDERS_FOLDER) => {
  const found: string[] = [];
  for await (const object of store.list(folder)) found.push(object.key);
  return found.sort();
};

const download = async (url: string) => expect((await api.call("GET", url)).status).toBe(200);

describe("the renders' sweep", () => {
  it("keeps each document's current render and removes the stale, the unfrozen, the gone and the half-written", async () => {
    const { projectId, contactId } = await createBilledProject(ctx.db, { name: "Grace Hopper" });
    const quote = await api.sentQuote(projectId);
    await download(`/api/admin/quotes/${quote.id}/pdf`);
    const [stale] = await keys(renderFolder("quote", quote.id));
    await api.ok(await api.call("PUT", `/api/admin/contacts/${contactId}`, { name: "Grace B. Hopper" }));
    await download(`/api/admin/quotes/${quote.id}/pdf`);
    const current = (await keys(renderFolder("quote", quote.id))).find((key) => key !== stale)!;
    expect(current).toBeDefined();

    const draft = await api.createQuote(projectId);
    const pdf = new TextEncoder().encode("%PDF-1.3 left over");
    const leftovers = [
      `${renderFolder("quote", draft.id)}/${"a".repeat(64)}.pdf`,
      `${renderFolder("invoice", 2_000_000_000)}/${"b".repeat(64)}.pdf`,
      `${current}.0b7c3a4e-6a51-4b8e-9a55-3f1c2d4e5f60.part`,
    ];
    for (const key of leftovers) await store.put(key, pdf, "application/pdf");
    const mine = [stale!, current, ...leftovers];

    // Young files wait for a later sweep (a .part may still be being written).
    await sweepRenders({ db: ctx.db, store, log });
    expect((await keys()).filter((key) => mine.includes(key)).sort()).toEqual([...mine].sort());

    const swept = await sweepRenders({ db: ctx.db, store, log, now: later() });
    expect(swept.removed).toBeGreaterThanOrEqual(4);
    expect((await keys()).filter((key) => mine.includes(key))).toEqual([current]);
    // The kept render is still served as it was.
    const before = (await keys(renderFolder("quote", quote.id))).length;
    await download(`/api/admin/quotes/${quote.id}/pdf`);
    expect(await keys(renderFolder("quote", quote.id))).toHaveLength(before);
  });
});

describe("the unreferenced-files sweep", () => {
  it("leaves the kept renders alone", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    // The accepted copy is a media row, so the library is not empty and the sweep runs.
    const quote = await api.acceptedQuote(projectId, token);
    const kept = await keys(renderFolder("quote", quote.id));
    expect(kept).toHaveLength(1);
    const run = await sweepOrphanFiles({ db: ctx.db, store, log, now: later() });
    expect(run.scanned).toBeGreaterThan(0);
    expect(await keys(renderFolder("quote", quote.id))).toEqual(kept);
  });
});
