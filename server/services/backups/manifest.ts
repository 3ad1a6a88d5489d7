import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { z } from "zod";
import { APP_SCHEMAS } from "./catalog";
import { isSafeKey } from "../media/store";

/**
 * What a backup archive holds and promises (docs/decisions/037-backups.md): the manifest that
 * leads it, the names of its entries, and the checksums both ends compute.
 */

export interface BackupProgress {
  phase: "tables" | "files" | "archive" | "verify" | "migrate" | "restore";
  done: number;
  total: number;
  item?: string;
}

export interface BackupManifest {
  format: 1;
  created_at: string;
  app_version: string;
  postgres_version: string;
  migrations: { applied: number; last_tag: string | null };
  /** `columns`: the COPY column order, so a restore reads each value into the column it came from. */
  tables: { name: string; rows: number; bytes: number; sha256: string; columns?: string[] }[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
  files: { key: string; bytes: number; sha256: string }[];
  /**
   * With BACKUP_ENCRYPTION_KEY: the HMAC of everything above (backup-crypto.ts manifestHmac), so
   * no entry's checksum can be changed without the key. An archive without it restores with a warning.
   */
  hmac?: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  migratedFrom: number;
  migratedTo: number;
  tables: number;
  rows: number;
  files: number;
  /** The accepted quotes read after the restore, and those whose content no longer gives their stored hash. */
  quotes: QuoteCheck;
}

/** An accepted quote whose content no longer gives the hash stored at its acceptance. */
export interface QuoteMismatch {
  number: string;
  revision: number;
  /** quotes.accepted_content_hash; null when the acceptance kept none. */
  stored: string | null;
  /** The hash of its content now, as the acceptance computes it (quoteContentHash). */
  computed: string;
}

export interface QuoteCheck {
  checked: number;
  mismatches: QuoteMismatch[];
}

/** A backup or restore refused, with the reason in plain words and what to do next. */
export class BackupError extends Error {}

export type OnProgress = (p: BackupProgress) => void;

/** The archive's entries: the manifest first, then every table, then every media file. */
export const MANIFEST = "manifest.json";
export const tableEntry = (name: string) => `tables/${name}.copy`;
export const fileEntry = (key: string) => `media/${key}`;

/** A pass-through that counts and hashes what flows through it. */
export function digest() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest("hex") }) };
}

/** The manifest's HMAC field: `hmac-sha256:` and 64 hex digits. */
export const HMAC_PATTERN = /^hmac-sha256:[0-9a-f]{64}$/;

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const CountSchema = z.number().int().min(0);
export const ManifestSchema = z.object({
  format: z.literal(1),
  created_at: z.string(),
  app_version: z.string(),
  postgres_version: z.string(),
  migrations: z.object({ applied: CountSchema, last_tag: z.string().nullable() }),
  tables: z.array(
    z.object({
      name: z.string().refine((name) => APP_SCHEMAS.some((schema) => name.startsWith(`${schema}.`))),
      rows: CountSchema,
      bytes: CountSchema,
      sha256: Sha256Schema,
      columns: z.array(z.string().min(1)).optional(),
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string().includes("."), last_value: z.string().regex(/^-?\d+$/), is_called: z.boolean() }),
  ),
  files: z.array(z.object({ key: z.string().refine(isSafeKey), bytes: CountSchema, sha256: Sha256Schema })),
  hmac: z.string().regex(HMAC_PATTERN).optional(),
});
