import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ClientBase } from "pg";
import { runMigrations } from "../../db/migrate";
import { migrationsDir } from "../../lib/paths";

/**
 * The database side of backups (docs/decisions/037-backups.md): what the catalog says the app's
 * tables, sequences and migration level are, and the statements that empty an installation and
 * bring it to an archive's level. Everything is found in the catalog, never from a list kept here,
 * so a table a later migration adds is backed up without a change to this file.
 */

/** The schemas the app owns: its tables (public) and drizzle's record of applied migrations. */
export const APP_SCHEMAS = ["public", "drizzle"];

export interface TableInfo {
  /** "schema.table", as the manifest names it. */
  name: string;
  schema: string;
  table: string;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (t: Pick<TableInfo, "schema" | "table">) => `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;

/**
 * Settings under which COPY's text output is the same on every server and client: UTF-8, ISO
 * dates in UTC, hex bytea. The same settings read it back in.
 */
export async function useCanonicalSettings(client: ClientBase) {
  await client.query(
    "set client_encoding = 'UTF8'; set timezone = 'UTC'; set datestyle = 'ISO, YMD'; " +
      "set intervalstyle = 'postgres'; set bytea_output = 'hex'; set extra_float_digits = 3",
  );
}

/** Extension members (pg_trgm's functions in public) belong to the extension, not to the app. */
const NOT_EXTENSION_MEMBER = (catalog: string, alias: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid and d.deptype = 'e')`;

/** The app's tables (partitions are read through their parent), by schema and name. */
export async function listTables(client: ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
        and ${NOT_EXTENSION_MEMBER("pg_class", "c")}
      order by n.nspname, c.relname`,
    [APP_SCHEMAS],
  );
  return rows.map((r) => ({ ...r, name: `${r.schema}.${r.table}` }));
}

/** The columns COPY writes and reads, in table order: generated columns are computed, not stored. */
export async function tableColumns(client: ClientBase, table: TableInfo): Promise<string[]> {
  const { rows } = await client.query<{ attname: string }>(
    `select a.attname from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [qualified(table)],
  );
  return rows.map((r) => r.attname);
}

/** Tables of the app's schemas that hold at least one row. */
export async function tablesWithRows(client: ClientBase): Promise<string[]> {
  const found: string[] = [];
  for (const table of await listTables(client)) {
    if (table.schema === "drizzle") continue; // the migration record, not the site's data
    const { rows } = await client.query<{ found: boolean }>(
      `select exists (select 1 from ${qualified(table)}) as found`,
    );
    if (rows[0]!.found) found.push(table.name);
  }
  return found;
}

export interface SequenceValue {
  name: string;
  last_value: string;
  is_called: boolean;
}

/** Every sequence of the app's schemas with its value now (sequences stand outside snapshots). */
export async function readSequences(client: ClientBase): Promise<SequenceValue[]> {
  const { rows: names } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind = 'S' and ${NOT_EXTENSION_MEMBER("pg_class", "c")}
      order by n.nspname, c.relname`,
    [APP_SCHEMAS],
  );
  const values: SequenceValue[] = [];
  for (const { schema, name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified({ schema, table: name })}`,
    );
    values.push({ name: `${schema}.${name}`, last_value: rows[0]!.last_value, is_called: rows[0]!.is_called });
  }
  return values;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this version of the app ships, in order (drizzle-kit's meta/_journal.json). */
export async function readJournal(folder = migrationsDir): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * How far a database is migrated: the number of applied migrations and the tag of the last one,
 * found by its timestamp in this version's journal (drizzle records no tags); null when this
 * version does not know it.
 */
export async function readMigrationLevel(client: ClientBase): Promise<{ applied: number; last_tag: string | null }> {
  const { rows: present } = await client.query(
    "select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'",
  );
  if (present.length === 0) return { applied: 0, last_tag: null };
  const { rows } = await client.query<{ applied: number; last: string | null }>(
    "select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const { applied, last } = rows[0]!;
  const entry = last === null ? undefined : (await readJournal()).find((e) => String(e.when) === last);
  return { applied, last_tag: entry?.tag ?? null };
}

/**
 * Drops every table, view, sequence, type and function of the app's schemas (extensions' own
 * objects stay, so a non-superuser never has to create them again). Dropping the objects rather
 * than the schema works where the app's user does not own `public` (a provider's database).
 */
export async function dropAppObjects(client: ClientBase) {
  const { rows: relations } = await client.query<{ kind: string; name: string }>(
    `select c.relkind as kind, format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and ${NOT_EXTENSION_MEMBER("pg_class", "c")}`,
    [APP_SCHEMAS],
  );
  const dropRelation: Record<string, string> = {
    r: "table",
    p: "table",
    v: "view",
    m: "materialized view",
    f: "foreign table",
    S: "sequence",
  };
  // One at a time with `if exists`: a cascade may already have taken a later one.
  for (const { kind, name } of relations) await client.query(`drop ${dropRelation[kind]} if exists ${name} cascade`);
  const { rows: types } = await client.query<{ kind: string; name: string }>(
    `select t.typtype as kind, format('%I.%I', n.nspname, t.typname) as name
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any($1) and ${NOT_EXTENSION_MEMBER("pg_type", "t")}
        and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`,
    [APP_SCHEMAS],
  );
  for (const { kind, name } of types)
    await client.query(`drop ${kind === "d" ? "domain" : "type"} if exists ${name} cascade`);
  const { rows: routines } = await client.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind in ('f', 'p') and ${NOT_EXTENSION_MEMBER("pg_proc", "p")}`,
    [APP_SCHEMAS],
  );
  for (const { signature } of routines) await client.query(`drop routine if exists ${signature} cascade`);
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** The foreign keys between the app's tables, to drop while rows are copied in any order and add back after. */
export async function foreignKeys(client: ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `select format('%I.%I', n.nspname, c.relname) as table, quote_ident(k.conname) as name,
            pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = any($1)
      order by 1, 2`,
    [APP_SCHEMAS],
  );
  return rows;
}

/**
 * Applies this version's migrations up to and including `lastTag`, not beyond: an archive's rows
 * go into the tables as they were when it was made, and the later migrations then change them as
 * they change any older installation. A temporary folder holds the migrations with a shortened
 * journal (drizzle's migrator applies what its journal lists).
 */
export async function migrateTo(url: string, lastTag: string) {
  const entries = await readJournal();
  const at = entries.findIndex((e) => e.tag === lastTag);
  if (at === -1) throw new Error(`this version has no migration ${lastTag}`);
  if (at === entries.length - 1) return runMigrations(url);
  const folder = await mkdtemp(path.join(os.tmpdir(), "wbt-restore-migrations-"));
  try {
    await cp(migrationsDir, folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: JournalEntry[] };
    journal.entries = journal.entries.slice(0, at + 1);
    await writeFile(journalFile, JSON.stringify(journal));
    await runMigrations(url, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
