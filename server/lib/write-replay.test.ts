import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { purgeRequestReplays, REPLAY_KEEP_MINUTES } from "./write-replay";

/**
 * A write nginx sends to a second process after the first one's connection failed carries the
 * same X-Request-Id: it is answered from the first copy, never written twice. Both "processes"
 * here are apps on one database, as two app processes are.
 */
let first: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;
const proxyRequestId = () => randomBytes(16).toString("hex");
const freshIp = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
const email = () => `replay.${Math.random().toString(36).slice(2)}@example.com`;

beforeAll(async () => {
  first = await createTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(() => first.close());

const contact = (app: typeof first.app, address: string, headers: Record<string, string>) =>
  app.request("/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ name: "Rosa Replay", email: address, message: "A site for our bakery in Bristol." }),
  });

const stored = async (address: string) =>
  (await first.db.execute(sql`select id from contacts where email = ${address}`)).rows.length;

describe("writes sent twice through the proxy", () => {
  it("stores a write once and gives the second copy the first one's answer", async () => {
    const address = email();
    const headers = { "X-Request-Id": proxyRequestId(), "X-Forwarded-For": freshIp() };
    const one = await contact(first.app, address, headers);
    const two = await contact(first.app, address, headers);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(await two.json()).toEqual(await one.json());
    expect(await stored(address)).toBe(1);
    // A portal project submission's answer (its Project ID) is the same one, too.
    const submission = (requestId: string) =>
      first.app.request("/api/submissions", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Request-Id": requestId,
          "X-Forwarded-For": headers["X-Forwarded-For"],
        },
        body: JSON.stringify({ name: "Rosa Replay", email: address, description: "A bakery site", readiness: "ready" }),
      });
    const id = proxyRequestId();
    const [a, b] = [await submission(id), await submission(id)];
    const projectId = ((await a.json()) as { projectId: string }).projectId;
    expect(((await b.json()) as { projectId: string }).projectId).toBe(projectId);
    const projects = await first.db.execute(
      sql`select p.id from projects p join project_contacts pc on pc.project_id = p.id
          join contacts c on c.id = pc.contact_id where c.email = ${address}`,
    );
    expect(projects.rows).toHaveLength(1);
  });

  it("makes a second copy that arrives while the first runs wait for its answer", async () => {
    const address = email();
    const headers = { "X-Request-Id": proxyRequestId(), "X-Forwarded-For": freshIp() };
    const [one, two] = await Promise.all([contact(first.app, address, headers), contact(first.app, address, headers)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await stored(address)).toBe(1);
  });

  it("keeps answers that are not a success too: a refusal is refused again, not run again", async () => {
    const headers = { "X-Request-Id": proxyRequestId(), "X-Forwarded-For": freshIp() };
    const bad = () =>
      first.app.request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ name: "", email: "not an address", message: "" }),
      });
    const one = await bad();
    const two = await bad();
    expect(one.status).toBe(400);
    expect(two.status).toBe(400);
    expect(await two.text()).toBe(await one.text());
  });

  it("refuses a request that reuses another's id, and cannot read the kept answer without the id", async () => {
    const address = email();
    const requestId = proxyRequestId();
    await contact(first.app, address, { "X-Request-Id": requestId, "X-Forwarded-For": freshIp() });
    const other = await contact(first.app, email(), { "X-Request-Id": requestId, "X-Forwarded-For": freshIp() });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: "This request id belongs to another request." });
    // What the database holds: a hash of the id and a sealed answer, never the id or the answer's text.
    const { rows } = await first.db.execute<{ id_hash: string; answer: Buffer }>(
      sql`select id_hash, answer from request_replays`,
    );
    expect(rows.some((row) => row.id_hash === requestId)).toBe(false);
    expect(rows.every((row) => !row.answer.toString("latin1").includes("success"))).toBe(true);
  });

  it("does nothing without a trusted proxy, where a client could choose its id", async () => {
    const alone = await createTestApp({ env: { TRUST_PROXY: "0" } });
    try {
      const address = email();
      const headers = { "X-Request-Id": proxyRequestId() };
      await contact(alone.app, address, headers);
      await contact(alone.app, address, headers);
      const { rows } = await alone.db.execute(sql`select count(*)::int as n from contacts where email = ${address}`);
      // One contact (the same e-mail is the same lead), written twice: its log has both messages.
      const { rows: comms } = await alone.db.execute(
        sql`select count(*)::int as n from communications c join contacts k on k.id = c.contact_id where k.email = ${address}`,
      );
      expect(rows[0]).toEqual({ n: 1 });
      expect(comms[0]).toEqual({ n: 2 });
      expect((await alone.db.execute(sql`select count(*)::int as n from request_replays`)).rows[0]).toEqual({ n: 0 });
    } finally {
      await alone.close();
    }
  });

  it("forgets answers after a few minutes", async () => {
    await contact(first.app, email(), { "X-Request-Id": proxyRequestId(), "X-Forwarded-For": freshIp() });
    await first.db.execute(
      sql`update request_replays set created_at = now() - make_interval(mins => ${REPLAY_KEEP_MINUTES + 1})`,
    );
    await contact(first.app, email(), { "X-Request-Id": proxyRequestId(), "X-Forwarded-For": freshIp() });
    await purgeRequestReplays(first.db);
    expect((await first.db.execute(sql`select count(*)::int as n from request_replays`)).rows[0]).toEqual({ n: 1 });
  });
});
