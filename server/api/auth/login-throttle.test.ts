import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { createAdmin } from "../../services/admin-accounts";
import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE, passwordHashGate } from "../../services/hash-gate";
import { BUSY_LOGIN, INVALID_LOGIN } from "./auth.handlers";

/**
 * Sign-in limits under concurrent load: every attempt is counted before its
 * hash, per address, per account and address, and per account.
 */
const ACCOUNT_LIMIT = 10;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const PASSWORD = "harbor-lights-2026";

beforeAll(async () => {
  // One trusted proxy: the client is the rightmost X-Forwarded-For entry.
  ctx = await createTestApp({ env: { TRUST_PROXY: "1", LOGIN_ACCOUNT_FAILURE_LIMIT: String(ACCOUNT_LIMIT) } });
});
afterAll(() => ctx.close());

async function newAdmin() {
  const email = `owner.${Math.random().toString(36).slice(2)}@example.com`;
  await createAdmin(ctx.db, { email, password: PASSWORD, name: "Tyler Brennan" });
  return email;
}

const login = (body: { email: string; password: string }, ip: string) =>
  ctx.app.request("/api/auth/login", {
    method: "POST",
    // A client-written entry on the left must not count: the proxy's entry (rightmost) does.
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `${freshIp()}, ${ip}` },
    body: JSON.stringify(body),
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

const alerts = async (email: string) =>
  (
    await ctx.db.execute<{ subject: string; text: string }>(
      sql`select subject, text from email_outbox where kind = 'sign_in_alert' and to_address = ${email}`,
    )
  ).rows;

describe("sign-in limits under 50 concurrent requests", () => {
  it("judges 50 simultaneous wrong passwords from one address against the limit: 5 are checked, the rest wait", async () => {
    const email = await newAdmin();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => login({ email, password: "wrong" }, ip)));
    const counts = tally(answers.map((r) => r.status));
    expect(counts).toEqual({ 401: 5, 429: 45 });
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()).error).toMatch(/Too many failed sign-ins/);
    }
    // That address is paused even for the right password; the owner elsewhere is not.
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(429);
    expect((await login({ email, password: PASSWORD }, freshIp())).status).toBe(200);
  });

  it("runs at most a couple of hashes at once; past the queue, 503 with Retry-After, never 500", async () => {
    passwordHashGate.resetPeaks();
    // Fifty addresses, fifty unknown accounts: no limit stops them, only the hash gate.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login({ email: `nobody.${i}.${Date.now()}@example.com`, password: "wrong" }, freshIp()),
      ),
    );
    const counts = tally(answers.map((r) => r.status));
    expect(
      Object.keys(counts)
        .map(Number)
        .every((s) => s === 401 || s === 503),
    ).toBe(true);
    const stats = passwordHashGate.stats();
    expect(stats.peakActive).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
    expect(stats.peakQueued).toBeLessThanOrEqual(PASSWORD_HASH_QUEUE);
    expect(stats.refused).toBe(counts[503] ?? 0);
    for (const res of answers.filter((r) => r.status === 503)) {
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.json()).toEqual({ error: BUSY_LOGIN });
    }
    for (const res of answers.filter((r) => r.status === 401))
      expect(await res.json()).toEqual({ error: INVALID_LOGIN });
  });

  it("a stranger's failures from one address do not lock the owner out", async () => {
    const email = await newAdmin();
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `guess-${i}` }, stranger)).status).toBe(401);
    expect((await login({ email, password: PASSWORD }, stranger)).status).toBe(429);
    expect((await login({ email, password: PASSWORD }, freshIp())).status).toBe(200);
    // The owner's success does not lift the stranger's pause.
    expect((await login({ email, password: PASSWORD }, stranger)).status).toBe(429);
  });

  it("slows a guess from many addresses past the account limit and e-mails the owner once", async () => {
    const email = await newAdmin();
    const guessers = Array.from({ length: ACCOUNT_LIMIT }, freshIp);
    for (const ip of guessers) expect((await login({ email, password: "wrong" }, ip)).status).toBe(401);
    expect(await alerts(email)).toHaveLength(0);

    // Past the limit an address that already tried waits, though its own count is far from 5...
    const again = await Promise.all(guessers.slice(0, 5).map((ip) => login({ email, password: "wrong" }, ip)));
    expect(again.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect(Number(again[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    // ...a new address gets one try...
    const newcomer = freshIp();
    expect((await login({ email, password: "wrong" }, newcomer)).status).toBe(401);
    expect((await login({ email, password: "wrong" }, newcomer)).status).toBe(429);
    // ...and the owner, from an address with no failures, still signs in.
    expect((await login({ email, password: PASSWORD }, freshIp())).status).toBe(200);

    const sent = await alerts(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Sign-ins to your account are being slowed");
    expect(sent[0]!.text).toContain(`from ${ACCOUNT_LIMIT} addresses`);
  });

  it("an unknown account is slowed the same way, and no one is e-mailed", async () => {
    const email = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      expect((await login({ email, password: "wrong" }, freshIp())).status).toBe(401);
    const ip = freshIp();
    expect((await login({ email, password: "wrong" }, ip)).status).toBe(401);
    expect((await login({ email, password: "wrong" }, ip)).status).toBe(429);
    expect(await alerts(email)).toHaveLength(0);
  });
});
