import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteAnswerSchema } from "~/contracts/quotes";
import { quotes } from "../../db/schema/index";
import { keepWaitingSignedCopies } from "../../services/billing/documents";
import { pdfPoolFor } from "../../services/billing/pdf-pool";
import { localMediaStore } from "../../services/media/store";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { billingApi, createBilledProject, projectToken, testDataDir } from "../../../tests/support/billing";

/**
 * The accepted quote's signed PDF is made after the acceptance answers (decision 056): the client
 * never waits for pdfkit or the store; a store that fails is tried again later, a minute first,
 * and the copy is kept once it works.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(() => ctx.close());

const keyOf = async (id: number) =>
  (await ctx.db.select({ key: quotes.acceptedPdfKey }).from(quotes).where(eq(quotes.id, id)))[0]?.key ?? null;

describe("the signed copy of an accepted quote", () => {
  it("is not waited for: the acceptance answers first, and the copy is kept moments after", async () => {
    const { projectId } = await createBilledProject(ctx.db, { name: "Łucja Nguyễn" });
    const token = await projectToken(ctx.db, projectId);
    const sent = await api.sentQuote(projectId);
    const answer = QuoteAnswerSchema.parse(await api.ok(await api.accept(sent.id, token, "Łucja Nguyễn"))).quote;
    expect(answer.status).toBe("accepted");
    expect(answer.accepted_pdf_key, "the answer did not wait for the PDF").toBeNull();
    await expect.poll(() => keyOf(sent.id), { timeout: 20_000 }).toBeTruthy();
  });

  it("is tried again after a failing store, a minute later, and kept once the store works", async () => {
    const { projectId } = await createBilledProject(ctx.db, { name: "Tess Alvarez" });
    const token = await projectToken(ctx.db, projectId);
    const accepted = await api.acceptedQuote(projectId, token);
    await expect.poll(() => keyOf(accepted.id), { timeout: 20_000 }).toBeTruthy();
    // As if its copy had never been kept (a crash, a store that was away).
    await ctx.db.update(quotes).set({ acceptedPdfKey: null }).where(eq(quotes.id, accepted.id));

    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args), warn: () => {} };
    const pool = pdfPoolFor(ctx.env);
    // A store under a file: every write fails (ENOTDIR), whoever runs it.
    const blocker = path.join(ctx.env.DATA_DIR, "not-a-folder");
    await writeFile(blocker, "");
    const broken = localMediaStore(path.join(blocker, "media"));
    const working = localMediaStore(path.join(ctx.env.DATA_DIR, "media"));
    const start = Date.now();

    await keepWaitingSignedCopies({ db: ctx.db, store: broken, pool, log }, start);
    expect(await keyOf(accepted.id)).toBeNull();
    expect(errors).toHaveLength(1);
    // Half a minute later it is not tried again, even with the store back.
    await keepWaitingSignedCopies({ db: ctx.db, store: working, pool, log }, start + 30_000);
    expect(await keyOf(accepted.id)).toBeNull();
    // A second failure a minute later waits two minutes more.
    await keepWaitingSignedCopies({ db: ctx.db, store: broken, pool, log }, start + 61_000);
    expect(errors).toHaveLength(2);
    await keepWaitingSignedCopies({ db: ctx.db, store: working, pool, log }, start + 61_000 + 90_000);
    expect(await keyOf(accepted.id)).toBeNull();
    await keepWaitingSignedCopies({ db: ctx.db, store: working, pool, log }, start + 61_000 + 121_000);
    const key = await keyOf(accepted.id);
    expect(key).toBeTruthy();
    const served = await ctx.app.request(`/api/media/${key}`, { headers: api.asClient(token) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("application/pdf");
  });
});
