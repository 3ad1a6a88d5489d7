import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { createApp } from "../app";
import { parseEnv } from "../env";
import { createMailer } from "../services/mail";
import { createLogger } from "./logger";

/**
 * A request that fails inside the database logs its request id, method and
 * route, and nothing the visitor typed: drizzle's error message carries every
 * SQL parameter, and PostgreSQL's detail the whole row.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let output = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  const log = createLogger("info", sink);
  const env = parseEnv({ NODE_ENV: "test", SITE_URL: "http://localhost:3000" });
  const mailer = createMailer({ db: database.db, log, from: env.MAIL_FROM });
  app = createApp({ env, db: database.db, reportDb: database.db, log, mailer });
  // A real failure in the database, on the visitor's own values: a check the row cannot pass.
  await database.db.execute(
    sql`alter table contacts add constraint refuses_this_name check (name <> 'Priya Forcedfailure')`,
  );
});
afterAll(() => database.close());

describe("the log of a 500", () => {
  it("has the request id and route, and none of the personal values sent", async () => {
    const sent = {
      name: "Priya Forcedfailure",
      email: "priya.private@example.org",
      message: "My confidential plans for the bakery",
    };
    const res = await app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sent),
    });
    expect(res.status).toBe(500);
    expect((await res.json()).error).toContain("Something went wrong");
    const requestId = res.headers.get("X-Request-Id")!;
    expect(requestId).toBeTruthy();

    const lines = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, any>);
    const failure = lines.find((line) => line.msg === "unhandled error");
    expect(failure).toMatchObject({ reqId: requestId, method: "POST", route: "/api/contact" });
    // What a fix needs is still there: the failed query and where it was thrown.
    expect(failure!.err.message).toContain("insert into");
    expect(failure!.err.stack).toContain("at ");
    expect(JSON.stringify(failure!.err)).toContain("refuses_this_name");
    for (const value of [...Object.values(sent), "Forcedfailure", "priya.private", "confidential"])
      expect(output.toLowerCase()).not.toContain(value.toLowerCase());
  });
});

describe("the logger", () => {
  function capture() {
    let text = "";
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      }),
    );
    return { log, text: () => text };
  }

  it("replaces bodies, personal fields and secret headers wherever a caller passes them", () => {
    const { log, text } = capture();
    log.info(
      {
        body: { name: "Ana" },
        email: "ana@example.com",
        contact: { email: "ana@example.com", phone: "555-0100", id: 7 },
        req: { method: "POST", headers: { authorization: "Bearer secret-token", cookie: "sid=abc" }, body: "raw" },
      },
      "something happened",
    );
    const line = JSON.parse(text());
    expect(line).toMatchObject({
      email: "[redacted]",
      contact: { email: "[redacted]", phone: "[redacted]", id: 7 },
      req: { method: "POST" },
    });
    for (const secret of ["Ana", "ana@example.com", "555-0100", "secret-token", "sid=abc", "raw"])
      expect(text()).not.toContain(secret);
  });

  it("logs an error's type, message, code, stack and causes without the values it echoes", () => {
    const { log, text } = capture();
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "ana@example.com"'), {
      severity: "ERROR",
      code: "22P02",
      detail: "row (Ana)",
    });
    const query = Object.assign(
      new Error("Failed query: select * from contacts where id = $1\nparams: ana@example.com"),
      { params: ["ana@example.com"], cause: pgError },
    );
    log.error({ err: query, reqId: "r-1" }, "failed");
    log.warn({ pg: 'ERROR:  invalid input value for enum status: "ana@example.com"' }, "postgres");
    const [failed, postgres] = text()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(failed.err).toMatchObject({
      message: expect.stringContaining("select * from contacts where id = $1"),
      cause: { code: "22P02" },
    });
    expect(failed.err.stack).toContain("at ");
    expect(postgres.pg).toContain("invalid input value for enum status");
    expect(text()).not.toContain("ana@example.com");
    expect(text()).not.toContain("Ana");
  });
});
