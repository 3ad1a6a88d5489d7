import type { BackupProgress } from "../server/services/backups/archive";

const LABELS: Record<BackupProgress["phase"], string> = {
  tables: "Tables",
  files: "Media files",
  archive: "Writing the archive",
  verify: "Checking the archive",
  migrate: "Migrations",
  restore: "Restoring tables",
};

/** On a non-terminal (a log, a cron mail), a running count at most this often. */
const LOG_EVERY_MS = 2_000;

/**
 * Progress of `npm run backup` and `npm run restore` on stderr (stdout keeps the summary): one line
 * per phase, its count rewritten in place on a terminal; elsewhere the phase's start, a count now
 * and then, and its end.
 */
export function printProgress(stream: NodeJS.WriteStream = process.stderr) {
  let phase: BackupProgress["phase"] | undefined;
  let lastLine = "";
  let lastAt = 0;
  return (p: BackupProgress) => {
    const line = `${LABELS[p.phase]}: ${p.done}/${p.total}`;
    const started = p.phase !== phase;
    if (stream.isTTY) {
      if (started && phase) stream.write("\n");
      const item = p.item && p.done < p.total ? ` ${p.item}` : "";
      stream.write(`\r${line}${item}\x1b[K`);
    } else if (line !== lastLine && (started || p.done === p.total || Date.now() - lastAt >= LOG_EVERY_MS)) {
      stream.write(`${line}\n`);
      lastLine = line;
      lastAt = Date.now();
    }
    phase = p.phase;
  };
}

/** Ends the last progress line on a terminal. */
export function endProgress(stream: NodeJS.WriteStream = process.stderr) {
  if (stream.isTTY) stream.write("\n");
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
