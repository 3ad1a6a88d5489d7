/**
 * What encrypting the backups costs (docs/decisions/047-backup-encryption.md): the same content
 * (half COPY-like text rows, half incompressible media bytes) gzipped into an archive file with
 * and without BACKUP_ENCRYPTION_KEY, and read back as a restore reads it (openArchiveBytes, then
 * gunzip). The figures are the encrypted run's CPU time over the plain one's (the wall time of a
 * shared machine says more about its neighbours): gzip is the costly part of both, and the frames
 * of AES-256-GCM should add little to it.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { encryptingStream, openArchiveBytes } from "../../server/services/backups/crypto";
import type { BenchContext, BenchFigure } from "./types";

const MB = 1024 * 1024;
/** Archive content per run: enough for steady throughput, small enough for a shared 2-core machine. */
const CONTENT_MB = 64;
/** Each run is timed this many times, alternating, and its fastest kept: other work only slows a run. */
const ROUNDS = 3;
/**
 * The encrypted write and read may take up to twice the plain ones: the archive's own bytes are a
 * small part of a backup's or a restore's time beside the database's work.
 */
const TARGET_RATIO = 2;

const textBlock = Buffer.from(
  Array.from(
    { length: 12_000 },
    (_, i) =>
      `${i}\tClient ${i}\tclient.${i}@example.com\t+1 401 555 ${String(i).padStart(4, "0")}\t{"site_type":"business"}\n`,
  )
    .join("")
    .slice(0, MB),
);
const mediaBlock = randomBytes(MB);

function* content() {
  for (let i = 0; i < CONTENT_MB; i++) yield i % 2 === 0 ? textBlock : mediaBlock;
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** A run's wall time, and the CPU time this process spent on it (every thread: zlib works on the pool's). */
async function timed(run: () => Promise<void>): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

// The archive alone: it needs no app, so `npx tsx scripts/bench/backup-cipher.ts` runs it by itself.
export async function section(_ctx?: BenchContext): Promise<BenchFigure[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wbt-bench-cipher-"));
  const key = randomBytes(32);
  const plainFile = path.join(dir, "plain.tar.gz");
  const sealedFile = path.join(dir, "sealed.tar.gz.enc");
  const read = (file: string) => async () => pipeline(await openArchiveBytes(file, key), createGunzip(), discard());
  const runs = {
    writePlain: () => pipeline(Readable.from(content()), createGzip(), createWriteStream(plainFile)),
    writeSealed: () =>
      pipeline(Readable.from(content()), createGzip(), encryptingStream(key), createWriteStream(sealedFile)),
    readPlain: read(plainFile),
    readSealed: read(sealedFile),
  };
  type Run = keyof typeof runs;
  const best = {} as Record<Run, { wallMs: number; cpuMs: number }>;
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const name of Object.keys(runs) as Run[]) {
        const t = await timed(runs[name]);
        best[name] = {
          wallMs: Math.min(best[name]?.wallMs ?? Infinity, t.wallMs),
          cpuMs: Math.min(best[name]?.cpuMs ?? Infinity, t.cpuMs),
        };
      }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const rate = (run: Run) => Math.round(CONTENT_MB / (best[run].wallMs / 1000));
  const info = (name: string, run: Run) => ({ name, value: rate(run), unit: "MB/s", target: "-", ok: true });
  const figure = (name: string, sealed: Run, plain: Run) => {
    const value = Math.round((best[sealed].cpuMs / best[plain].cpuMs) * 100) / 100;
    return { name, value, unit: "x", target: `<= ${TARGET_RATIO}`, ok: value <= TARGET_RATIO };
  };
  return [
    info(`backup archive written, plain (${CONTENT_MB} MB of content)`, "writePlain"),
    info("backup archive written, encrypted", "writeSealed"),
    figure("encrypted archive's write, CPU time / plain", "writeSealed", "writePlain"),
    info("archive read as a restore reads it, plain", "readPlain"),
    info("archive read as a restore reads it, encrypted", "readSealed"),
    figure("encrypted archive's read, CPU time / plain", "readSealed", "readPlain"),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of await section())
    console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target}) ${f.ok ? "ok" : "MISSED"}`);
}
