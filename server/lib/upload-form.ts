import { randomBytes } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdir, opendir, rm, stat } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Context, MiddlewareHandler } from "hono";
import { DiskFile, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from "../services/media/media";
import type { AppEnv } from "./app-env";
import { jsonError, type ApiError } from "./http-errors";
import { checkForm } from "./input-hygiene";

/**
 * An upload's form read as it arrives (docs/decisions/046-limits-per-token-and-process.md): the
 * file's bytes go straight to a file of their own on disk, counted on the way, so a 25 MB upload
 * costs a few chunks of memory however many arrive at once, and one past the limit is refused
 * with 413 at its 25 MB-and-first byte, the rest left unread (the server drops it once it has
 * answered). The text fields are kept (a few short ones). The route's own form check then sees the
 * fields and the file (a DiskFile: a File read from that disk file), as it would have from a form
 * read whole, and the media store moves the file from disk. The disk file is removed once the
 * route has answered.
 */

/** The form's file field (the media upload's and the client upload's). */
const FILE_FIELD = "file";
/** Multipart framing around the file: headers, boundaries and the few small text fields. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** The most of a body read: the file at its limit and its framing. */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;
const LIMITS = {
  // One past the limit: busboy says "limit" when the count reaches it.
  fileSize: MAX_UPLOAD_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
};
/** Files left in the incoming folder by a process that stopped mid-upload are removed after this long. */
const STALE_MS = 60 * 60_000;

export const incomingDir = (dataDir: string) => path.join(dataDir, "incoming");

type Refusal = { status: 400 | 413; body: ApiError };
type Cleanup = { cleanup: () => Promise<void> };
type Read = ({ ok: true; form: FormData } & Cleanup) | ({ ok: false } & Refusal & Cleanup);

const UNREADABLE: Refusal = {
  status: 400,
  body: { error: 'The upload could not be read: send one file as multipart/form-data in the field "file"' },
};
const TOO_LARGE: Refusal = { status: 413, body: { error: TOO_LARGE_MESSAGE } };

/**
 * Why a part's header could not be read, when a control character in its field or file name was the
 * cause (the parser refuses such a header outright): the words every request's text is refused
 * with (server/lib/input-hygiene.ts). Looked for in the chunk the parser failed on.
 */
function headerRefusal(chunk: Uint8Array | undefined): Refusal | undefined {
  if (!chunk) return undefined;
  const form = new FormData();
  const headers = Buffer.from(chunk).toString("utf8");
  for (const [, name, filename] of headers.matchAll(
    /content-disposition:[^\n]*?\bname="([^"]*)"(?:[^\n]*?\bfilename="([^"]*)")?/gi,
  ))
    form.append(name!, filename === undefined ? "" : new File([], filename));
  return checkForm(form);
}

/** Reads a multipart body into its fields and one file on disk under `dir`; never past the file's limit. */
export async function readUploadForm(source: Readable, contentType: string, dir: string): Promise<Read> {
  const form = new FormData();
  let spooled: string | undefined;
  const cleanup = async () => {
    if (spooled) await rm(spooled, { force: true });
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: LIMITS,
      // The name as the browser sent it (the service keeps its last part), in UTF-8 as browsers write it.
      preservePath: true,
      defParamCharset: "utf8",
    });
  } catch {
    return { ok: false, ...UNREADABLE, cleanup };
  }
  await mkdir(dir, { recursive: true });
  await sweepStale(dir);

  return new Promise<Read>((resolve) => {
    const writes: Promise<void>[] = [];
    let settled = false;
    let total = 0;
    // The chunk being parsed when the parser failed: its error comes just after that chunk's write.
    let last: Uint8Array | undefined;
    const count = (chunk: Uint8Array) => {
      last = chunk;
      total += chunk.byteLength;
      if (total > MAX_BODY_BYTES) queueMicrotask(() => void finish(TOO_LARGE));
    };
    const finish = async (refusal?: Refusal) => {
      if (settled) return;
      settled = true;
      // Nothing more is read (nor anything read dropped on the floor): the rest stays with the connection.
      source.unpipe(parser);
      source.off("data", count);
      source.pause();
      if (refusal) parser.destroy();
      const written = await Promise.allSettled(writes);
      if (refusal) return resolve({ ok: false, ...refusal, cleanup });
      if (written.some((w) => w.status === "rejected")) return resolve({ ok: false, ...UNREADABLE, cleanup });
      resolve({ ok: true, form, cleanup });
    };

    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      if (name !== FILE_FIELD || spooled) return void stream.resume();
      const file = path.join(dir, `${randomBytes(12).toString("hex")}.part`);
      spooled = file;
      // Later: the parser is still at work on the chunk that passed the limit.
      stream.on("limit", () => queueMicrotask(() => void finish(TOO_LARGE)));
      writes.push(
        pipeline(stream, createWriteStream(file)).then(async () => {
          const blob = await openAsBlob(file, { type: info.mimeType });
          form.append(FILE_FIELD, new DiskFile(blob, info.filename ?? "", file));
        }),
      );
    });
    parser.on("close", () => void finish());
    parser.on("error", () => void finish(headerRefusal(last) ?? UNREADABLE));
    // The client went away mid-body.
    source.on("error", () => void finish(UNREADABLE));
    source.on("close", () => {
      if (!source.readableEnded) void finish(UNREADABLE);
    });
    source.on("data", count);
    source.pipe(parser);
  });
}

let swept: string | undefined;
/** Once per process and folder: what an earlier process left behind mid-upload. */
async function sweepStale(dir: string) {
  if (swept === dir) return;
  swept = dir;
  const folder = await opendir(dir);
  for await (const entry of folder) {
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && Date.now() - info.mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

/** How long a refused upload's body is read (and dropped) before the refusal is sent regardless. */
const DROP_BODY_MS = 30_000;

/**
 * Node's request of an upload, unless something has read from it already. Asked before the
 * Request's body is: once asked for, that body starts reading from it too.
 */
function unreadIncoming(c: Context<AppEnv>): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && incoming.readableFlowing === null && !incoming.readableEnded ? incoming : undefined;
}

/**
 * The body of an upload refused before it was read (429), read and dropped as it arrives, so the
 * refusal is sent once the client has sent it all: a browser or HTTP client that is still sending
 * when the server answers and closes the connection reports a network failure rather than the
 * answer. Memory stays flat (nothing is kept). A body larger than any upload, of no stated length,
 * or still coming after DROP_BODY_MS, is answered at once and its connection closed.
 */
export async function dropUploadBody(c: Context<AppEnv>): Promise<void> {
  if (!(Number(c.req.header("content-length")) <= MAX_BODY_BYTES)) return;
  const incoming = unreadIncoming(c);
  const body = incoming ? undefined : c.req.raw.body;
  const source = incoming ?? (body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : undefined);
  if (!source) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      source.off("data", drop);
      source.pause();
      resolve();
    };
    const drop = () => {};
    const timer = setTimeout(done, DROP_BODY_MS);
    source.once("end", done);
    source.once("error", done);
    source.once("close", done);
    source.on("data", drop);
  });
}

/**
 * An upload route's step before its form check: a multipart body is read as above (anything else
 * is left to the route's checks; a declared length over the limit is refused unread), its fields
 * and file name checked as every request's text is (server/lib/input-hygiene.ts), and the form
 * handed to the route's check. Over HTTP the body is read from Node's request itself, which
 * costs less than a web stream of it.
 */
export const streamedUploadForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) return next();
  // A body said to be larger than any upload is refused before a byte of it is read.
  if (Number(c.req.header("content-length")) > MAX_BODY_BYTES) return jsonError(c, 413, TOO_LARGE_MESSAGE);
  const unread = unreadIncoming(c);
  const body = unread ? undefined : c.req.raw.body;
  if (!unread && !body) return next();
  const source = unread ?? Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  const read = await readUploadForm(source, type, incomingDir(c.var.deps.env.DATA_DIR));
  try {
    if (!read.ok) return c.json(read.body, read.status);
    const refusal = checkForm(read.form);
    if (refusal) return c.json(refusal.body, refusal.status);
    c.req.bodyCache.formData = read.form;
    await next();
  } finally {
    await read.cleanup();
  }
};
