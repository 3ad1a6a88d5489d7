import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { EndpointShape } from "~/contracts/endpoint";
import { ApiError, call, callResult, SERVER_WORDS_SHOWN } from "./call";
import { fetchFile } from "./fetch-file";

/**
 * The browser's callers against a real local HTTP server: how a refusal reads with and without
 * `refusalWords`, what `callResult()` gives, and `fetchFile()`'s file and messages. The server
 * answers what each address asks: `?status=&error=&retry=&fields=1`, `/file`, `/cut`.
 */
let server: Server;
let base = "";
/** An address no one answers at (a server that was closed). */
let unreachable = "";
let lastHeaders: IncomingHttpHeaders = {};

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    const url = new URL(req.url ?? "/", "http://local");
    if (url.pathname === "/file") {
      res.writeHead(200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="Q-2026-0012.pdf"',
      });
      res.end("%PDF-1.7 test");
      return;
    }
    if (url.pathname === "/cut") {
      // Promises more than it sends, then stops half-way.
      res.writeHead(200, { "Content-Type": "text/csv", "Content-Length": "1000" });
      res.write("id,name\n", () => res.destroy());
      return;
    }
    const status = Number(url.searchParams.get("status") ?? 200);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const retry = url.searchParams.get("retry");
    if (retry) headers["Retry-After"] = retry;
    res.writeHead(status, headers);
    if (status === 200) return void res.end(JSON.stringify({ n: 1 }));
    const error = url.searchParams.get("error");
    const fields = url.searchParams.get("fields") ? { name: "Enter your name." } : undefined;
    res.end(error !== null || fields ? JSON.stringify({ error: error ?? undefined, fields }) : "");
  });
  base = await listen(server);
  const closed = createServer();
  unreachable = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A descriptor for an address of the local server (the browser's own origin in the app). */
const at = (address: string, origin = base) =>
  ({
    method: "get",
    path: `${origin}/api/test${address}` as `/api/${string}`,
    access: "public",
    answer: z.object({ n: z.number() }),
  }) satisfies EndpointShape;

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("call()'s refusalWords", () => {
  const action = "Failed to send the quote";

  it("unless said, words a refusal without the server's words itself, a 429 as a wait", async () => {
    expect((await failureOf(call(at("?status=500"), { fallbackError: action }))).message).toBe(
      "Failed to send the quote (the server answered 500). Try again.",
    );
    expect((await failureOf(call(at("?status=429&retry=5"), { fallbackError: action }))).message).toBe(
      "Please wait a moment: try again in 5 seconds.",
    );
  });

  it('"action": the action alone, a 429 included, the fields kept', async () => {
    const refused = await failureOf(
      call(at("?status=422&fields=1"), { fallbackError: action, refusalWords: "action" }),
    );
    expect(refused).toMatchObject({ status: 422, message: action, fields: { name: "Enter your name." } });
    expect(refused.serverMessage).toBeUndefined();
    const waited = await failureOf(call(at("?status=429&retry=5"), { fallbackError: action, refusalWords: "action" }));
    expect(waited).toMatchObject({ status: 429, message: action });
  });

  it('"action-and-status": the action and the status', async () => {
    const options = { fallbackError: "The message was not sent", refusalWords: "action-and-status" } as const;
    expect((await failureOf(call(at("?status=500"), options))).message).toBe("The message was not sent (500)");
    expect((await failureOf(call(at("?status=429"), options))).message).toBe("The message was not sent (429)");
  });

  it("keeps the server's own words and call()'s words for a lost connection", async () => {
    for (const refusalWords of ["action", "action-and-status"] as const) {
      const refused = await failureOf(
        call(at("?status=429&error=Please%20wait%20a%20moment%3A%20too%20many."), {
          fallbackError: action,
          refusalWords,
        }),
      );
      expect(refused).toMatchObject({ message: "Please wait a moment: too many.", serverMessage: refused.message });
      const lost = await failureOf(call(at("", unreachable), { fallbackError: action, refusalWords }));
      expect(lost).toMatchObject({
        status: 0,
        message: "Failed to send the quote: the server could not be reached. Check your connection and try again.",
      });
    }
  });
});

describe("callResult()", () => {
  it("gives the checked answer", async () => {
    expect(await callResult(at(""), {})).toEqual({ ok: true, data: { n: 1 } });
  });

  it("gives a refusal's status, the server's words (at most SERVER_WORDS_SHOWN) and its fields", async () => {
    const long = "x".repeat(SERVER_WORDS_SHOWN + 50);
    expect(await callResult(at(`?status=409&error=${long}&fields=1`), {})).toEqual({
      ok: false,
      network: false,
      status: 409,
      error: "x".repeat(SERVER_WORDS_SHOWN),
      fields: { name: "Enter your name." },
    });
    // No words of the server's: the screen words it.
    expect(await callResult(at("?status=500"), { fallbackError: "Failed" })).toEqual({
      ok: false,
      network: false,
      status: 500,
    });
  });

  it("gives `network` when no answer came or the call was cancelled", async () => {
    expect(await callResult(at("", unreachable), {})).toEqual({ ok: false, network: true });
    expect(await callResult(at(""), { signal: AbortSignal.abort() })).toEqual({ ok: false, network: true });
  });
});

describe("fetchFile()", () => {
  const action = "Failed to export CSV";

  it("sends the token and the type asked for, and gives the file and its name", async () => {
    const file = await fetchFile(`${base}/file`, { token: "secret", accept: "application/pdf", action });
    expect(lastHeaders).toMatchObject({ authorization: "Bearer secret", accept: "application/pdf" });
    expect(file.fileName).toBe("Q-2026-0012.pdf");
    expect(await file.blob.text()).toBe("%PDF-1.7 test");
  });

  it("sends no Authorization without a token", async () => {
    await fetchFile(`${base}/file`, { token: null, action });
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("words a refusal: the server's words, else the action and the status; a 429 as a wait", async () => {
    let told = 0;
    const unauthorized = await failureOf(
      fetchFile(`${base}/?status=401&error=Sign%20in%20again`, { token: "old", action, onUnauthorized: () => told++ }),
    );
    expect(told).toBe(1);
    expect(unauthorized).toMatchObject({ status: 401, message: "Sign in again", serverMessage: "Sign in again" });
    expect(await failureOf(fetchFile(`${base}/?status=500`, { token: "t", action }))).toMatchObject({
      status: 500,
      message: "Failed to export CSV (500)",
      serverMessage: undefined,
    });
    expect(await failureOf(fetchFile(`${base}/?status=429&retry=1`, { token: "t", action }))).toMatchObject({
      status: 429,
      message: "Please wait a moment: try again in 1 second.",
    });
    expect(await failureOf(fetchFile(`${base}/?status=429&error=Too%20many`, { token: "t", action }))).toMatchObject({
      status: 429,
      message: "Too many",
    });
  });

  it("says when the server could not be reached", async () => {
    expect(await failureOf(fetchFile(`${unreachable}/file`, { token: "t", action }))).toMatchObject({
      status: 0,
      message: "Failed to export CSV: the server could not be reached. Check your connection and try again.",
    });
  });

  it("says a download cut off half-way when asked to, else throws the browser's error", async () => {
    expect(await failureOf(fetchFile(`${base}/cut`, { token: "t", action, sayCutOff: true }))).toMatchObject({
      status: 0,
      message: "Failed to export CSV: the download was cut off. Try again.",
    });
    const thrown = await fetchFile(`${base}/cut`, { token: "t", action }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(ApiError);
  });
});
