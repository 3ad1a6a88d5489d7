import { randomBytes } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdir, opendir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { MiddlewareHandler } from "hono";
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from "../services/media";
import type { AppEnv } from "./app-env";
import { jsonError, type ApiError } from "./http-errors";
import { checkForm } from "./input-hygiene";

/**
 * An upload's form read as it arrives (docs/decisions/046-limits-per-token-and-process.md): the
 * file's bytes go straight to a file of their own on disk, counted on the way, so a 25 MB upload
 * costs a few chunks of memory however many arrive at once, and one past the limit is refused
 * with 413 at its 25 MB-and-first byte, the rest left unread. The text fields are kept (a few
 * short ones). The route's own form check then sees the fields and the file (a File read from
 * that disk file), as it would have from a form read whole, and the handler streams the file on
 * to the media store. The disk file is removed once the route has answered.
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
type Read =
  { ok: true; form: FormData; cleanup: () => Promise<void> } | ({ ok: false; cleanup: () => Promise<void> } & Refusal);

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

/** Reads a multipart body into fields and one file on disk under `dir`; never more than the limit of the file. */
export async function readUploadForm(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  dir: string,
): Promise<Read> {
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

  let refusal: Refusal | undefined;
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, stream, info) => {
    if (name !== FILE_FIELD || spooled) return void stream.resume();
    const file = path.join(dir, `${randomBytes(12).toString("hex")}.part`);
    spooled = file;
    stream.on("limit", () => (refusal ??= TOO_LARGE));
    writes.push(
      pipeline(stream, createWriteStream(file)).then(async () => {
        if (refusal) return;
        const blob = await openAsBlob(file, { type: info.mimeType });
        form.append(FILE_FIELD, new File([blob], info.filename ?? "", { type: info.mimeType }));
      }),
    );
  });
  // The chunk being parsed when the parser failed: the error comes just after its write.
  let last: Uint8Array | undefined;
  let failedOn: Uint8Array | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", (error) => {
      failedOn ??= last;
      reject(error);
    });
  });
  parsed.catch(() => {}); // read below, after the body has been fed

  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      // Past the limit, nothing more is read: the server drops the rest of the body once it has answered.
      if (refusal) break;
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        break;
      }
      total += value.byteLength;
      if (total > MAX_BODY_BYTES) {
        refusal = TOO_LARGE;
        break;
      }
      last = value;
      if (!parser.write(value)) await Promise.race([once(parser, "drain"), parsed]);
    }
    if (!refusal) {
      await parsed;
      await Promise.all(writes);
    }
  } catch {
    refusal ??= headerRefusal(failedOn) ?? UNREADABLE;
  } finally {
    reader.releaseLock();
  }
  if (!refusal) return { ok: true, form, cleanup };
  // The file's stream ends with the parser; its disk file is removed by cleanup.
  parser.destroy();
  await Promise.allSettled(writes);
  return { ok: false, ...refusal, cleanup };
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

/**
 * An upload route's step before its form check: a multipart body is read as above (anything else
 * is left to the route's checks; a declared length over the limit is refused unread), its fields and file name checked as every request's text is
 * (server/lib/input-hygiene.ts), and the form handed to the route's check.
 */
export const streamedUploadForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\s*;/i.test(type) || !body) return next();
  // A body said to be larger than any upload is refused before a byte of it is read.
  if (Number(c.req.header("content-length")) > MAX_BODY_BYTES) return jsonError(c, 413, TOO_LARGE_MESSAGE);
  const read = await readUploadForm(body, type, incomingDir(c.var.deps.env.DATA_DIR));
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
