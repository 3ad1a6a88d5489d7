import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../support/admin";
import { createTestServer } from "../support/app";

/**
 * 14. The documented call is refused (docs/product/chat.md "The calls" gives
 * `POST /api/inquiries/create` a JSON content type and no body, as curl sends it: no
 * Content-Length, no body at all). Every write whose contract has no required body accepts that;
 * one that needs a body names what is missing, never "Malformed JSON".
 */
let ctx: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

/** Exactly what `curl -X <method> -H 'Content-Type: application/json' <url>` sends: headers, no body. */
function bodiless(method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(ctx.origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [
        `${method} ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        "User-Agent: curl/8.5.0",
        "Accept: */*",
        "Content-Type: application/json",
        "Connection: close",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    });
    let raw = "";
    socket.on("data", (chunk) => (raw += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
      resolve({ status, body: raw.slice(raw.indexOf("\r\n\r\n") + 4) });
    });
  });
}

type Operation = { requestBody?: { required?: boolean } };
type Document = { paths: Record<string, Record<string, Operation>> };

describe("14. a write sent with a JSON Content-Type and no body", () => {
  it("POST /api/inquiries/create, exactly as the spec writes it, starts a chat (201)", async () => {
    const res = await bodiless("POST", "/api/inquiries/create");
    expect(res.status).toBe(201);
    const body = JSON.parse(res.body.replace(/^[0-9a-f]+\r\n/, "").replace(/\r\n0\r\n\r\n$/, "")) as {
      inquiryId: string;
    };
    expect(body.inquiryId).toBeTruthy();
  });

  it("every write whose contract has no required body takes none; one that needs a body says what is missing", async () => {
    const doc = (await (await fetch(`${ctx.origin}/api/openapi.json`)).json()) as Document;
    const writes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["post", "put", "patch"].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, required: op.requestBody?.required === true })),
    );
    expect(writes.filter((w) => !w.required).length).toBeGreaterThan(5);
    const refused: string[] = [];
    for (const write of writes) {
      // A signed-in owner of its own for each call: a sign-out among them ends only its session.
      const { token } = await createAdminToken(ctx.db);
      const path = write.path.replace(/\{[^}]+\}/g, "1");
      const res = await bodiless(write.method, path, { Authorization: `Bearer ${token}` });
      const name = `${write.method} ${write.path}: ${res.status} ${res.body.slice(0, 120)}`;
      if (res.status >= 500 || res.status === 415 || /Malformed JSON/i.test(res.body)) refused.push(name);
      else if (write.required && ![400, 401, 403, 404].includes(res.status)) refused.push(`${name} (needs a body)`);
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
