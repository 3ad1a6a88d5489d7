import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { POST_STATUSES, type PostType } from "~/contracts/post-kinds";
import { serializePortfolioContent } from "~/contracts/post-content";
import { PostInputSchema } from "~/contracts/posts";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { posts } from "../db/schema";
import { projectRoot } from "../lib/paths";
import { CONTENT_CHANNEL } from "./posts";
import { MIGRATION_KINDS, type MigrationKind } from "~/contracts/migration";
import type { Tx } from "../db/tx";
import { ServiceError } from "../lib/service-error";

/**
 * The content that ships with the product (content/blog, content/portfolio)
 * and the migration that loads it (docs/product/migration.md: "The screen",
 * "Migration card", "The calls"). Each markdown file has YAML front matter;
 * the same slug overwrites the stored post (keeping its views), a new slug
 * is added. All files of a kind go in one transaction, or none do; one
 * migration runs at a time across every app process (a PostgreSQL advisory
 * lock).
 */
export { MIGRATION_KINDS, type MigrationKind };

/** The repository's content folder: the server runs from source or from build/server-app with the repository around it. */
export const contentDir = path.join(projectRoot, "content");

export const MIGRATION_BUSY_MESSAGE = "A migration is already running. Try again in a moment.";

/** Any number, the same in every process: the advisory lock that keeps migrations one at a time. */
export const MIGRATION_LOCK_KEY = 720_261_122;

export class MigrationError extends ServiceError<400 | 409 | 500> {}

const POST_TYPE: Record<MigrationKind, PostType> = { portfolio: "portfolio", blog: "blog" };

const text = z.string().trim();
const optionalText = z.string().trim().nullish();
/** YAML leaves 2025-06-03 a string (YAML 1.2 core schema); a Date is accepted too. */
const isoDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "published_at is not a date (write it like 2025-06-03)" });
    return z.NEVER;
  }
  return date;
});
const url = z
  .string()
  .trim()
  .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\/\S+$/i.test(v), {
    error: "Use a full http(s) address or a path starting with /",
  })
  .nullish()
  .transform((v) => v ?? "");

const CommonFrontMatter = z.object({
  title: text,
  slug: text.min(1, { error: "slug is required: the migration matches stored posts by slug" }),
  excerpt: optionalText,
  tags: z.union([z.array(z.string()), z.string()]).nullish(),
  published_at: isoDate,
  featured_image: optionalText,
  seo_title: optionalText,
  seo_description: optionalText,
  status: z.enum(POST_STATUSES).optional().default("published"),
});

const FRONT_MATTER = {
  blog: CommonFrontMatter.strict(),
  portfolio: CommonFrontMatter.extend({
    live_url: url,
    github_url: url,
    tech_stack: z
      .array(z.string().trim().min(1))
      .nullish()
      .transform((v) => v ?? []),
    featured: z.boolean().optional().default(false),
  }).strict(),
};

/** One content file, checked and ready to store. */
export interface MigrationEntry {
  file: string;
  slug: string;
  publishedAt: Date;
  values: z.output<typeof PostInputSchema> & { slug: string };
}

const FRONT_MATTER_PATTERN = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

const issuesText = (error: z.ZodError) =>
  error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");

/** Reads and checks one file; a problem is reported with the file's name. */
export function parseContentFile(
  kind: MigrationKind,
  file: string,
  source: string,
  parseYaml: (text: string) => unknown,
): MigrationEntry {
  const fail = (why: string): never => {
    throw new MigrationError(400, `${file}: ${why}`);
  };
  const match = FRONT_MATTER_PATTERN.exec(source.replace(/^\uFEFF/, ""));
  if (!match) return fail("the file must start with YAML front matter between two '---' lines");
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    return fail(`the front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    return fail("the front matter must be a list of fields");
  let meta: z.output<typeof CommonFrontMatter>;
  let content: string;
  const body = match[2]!.trim();
  if (kind === "portfolio") {
    const front = FRONT_MATTER.portfolio.safeParse(data);
    if (!front.success) return fail(issuesText(front.error));
    if (!body) return fail("the project description (the text below the front matter) is empty");
    meta = front.data;
    const { live_url, github_url, tech_stack, featured } = front.data;
    content = serializePortfolioContent({ description: body, live_url, github_url, tech_stack, featured });
  } else {
    const front = FRONT_MATTER.blog.safeParse(data);
    if (!front.success) return fail(issuesText(front.error));
    if (!body) return fail("the post has no text below the front matter");
    meta = front.data;
    content = body;
  }
  const input = PostInputSchema.safeParse({
    title: meta.title,
    slug: meta.slug,
    content,
    excerpt: meta.excerpt,
    featured_image: meta.featured_image,
    status: meta.status,
    post_type: POST_TYPE[kind],
    seo_title: meta.seo_title,
    seo_description: meta.seo_description,
    tags: meta.tags ?? null,
  });
  if (!input.success) return fail(issuesText(input.error));
  return { file, slug: meta.slug, publishedAt: meta.published_at, values: { ...input.data, slug: meta.slug } };
}

/** Every .md file of a kind, checked; the first problem stops the whole migration. */
export async function readContentFiles(kind: MigrationKind, dir = contentDir): Promise<MigrationEntry[]> {
  const folder = path.join(dir, kind);
  const relative = path.relative(projectRoot, folder);
  const label = relative && !relative.startsWith("..") ? relative : folder;
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".md")).sort();
  } catch {
    throw new MigrationError(500, `The content folder ${label} was not found on the server`);
  }
  if (!names.length) throw new MigrationError(500, `There are no .md files in ${label} to migrate`);
  // The YAML parser is only needed while migrating: loaded here, not with the server.
  const { parse: parseYaml } = await import("yaml");
  const entries: MigrationEntry[] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const file = `${label}/${name}`;
    const entry = parseContentFile(kind, file, await readFile(path.join(folder, name), "utf8"), parseYaml);
    const other = seen.get(entry.slug);
    if (other) throw new MigrationError(400, `${file}: the slug "${entry.slug}" is also used by ${other}`);
    seen.set(entry.slug, file);
    entries.push(entry);
  }
  return entries;
}

export interface MigrationResult {
  kind: MigrationKind;
  total: number;
  created: number;
  updated: number;
}

/** Inserts new slugs and overwrites stored ones of the same type (their id, views and creation date stay). */
async function store(tx: Tx, kind: MigrationKind, entries: readonly MigrationEntry[]): Promise<MigrationResult> {
  const result: MigrationResult = { kind, total: entries.length, created: 0, updated: 0 };
  for (const entry of entries) {
    const v = entry.values;
    const values = {
      title: v.title,
      slug: entry.slug,
      content: v.content,
      excerpt: v.excerpt,
      featuredImage: v.featured_image,
      status: v.status ?? "published",
      postType: POST_TYPE[kind],
      seoTitle: v.seo_title,
      seoDescription: v.seo_description,
      tags: v.tags,
      publishedAt: entry.publishedAt,
    };
    const [existing] = await tx
      .select({ id: posts.id, postType: posts.postType })
      .from(posts)
      .where(eq(posts.slug, entry.slug))
      .for("update");
    if (!existing) {
      await tx.insert(posts).values(values);
      result.created++;
    } else if (existing.postType !== values.postType) {
      throw new MigrationError(
        400,
        `${entry.file}: the slug "${entry.slug}" already belongs to a ${existing.postType.replace("_", " ")} post; give the file another slug`,
      );
    } else {
      await tx
        .update(posts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(posts.id, existing.id));
      result.updated++;
    }
  }
  return result;
}

/** Runs `work` holding the migration lock, in one transaction; busy answers 409 (or `whenBusy`). */
async function withMigrationLock<T>(db: Database, work: (tx: Tx) => Promise<T>, whenBusy?: () => T): Promise<T> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${MIGRATION_LOCK_KEY}) as locked`,
    );
    if (!rows[0]?.locked) {
      if (whenBusy) return whenBusy();
      throw new MigrationError(409, MIGRATION_BUSY_MESSAGE);
    }
    return work(tx);
  });
}

/** POST /api/migrate/{kind}: all files of the kind, or none. */
export async function runMigration(
  db: Database,
  kind: MigrationKind,
  options: { dir?: string } = {},
): Promise<MigrationResult> {
  return withMigrationLock(db, async (tx) => store(tx, kind, await readContentFiles(kind, options.dir)));
}

export function migrationMessage(result: MigrationResult): string {
  const noun =
    result.kind === "portfolio"
      ? result.total === 1
        ? "portfolio project"
        : "portfolio projects"
      : result.total === 1
        ? "blog post"
        : "blog posts";
  return `Migrated ${result.total} ${noun} (${result.created} new, ${result.updated} updated)`;
}

/**
 * A new installation starts with the shipped content: when the posts table is
 * empty, both kinds are loaded in one go. Another process seeding at the same
 * moment, or any post already stored, means there is nothing to do. The other
 * processes' cached pages are told (NOTIFY, delivered on commit).
 */
export async function seedShippedContent(db: Database, options: { dir?: string } = {}): Promise<MigrationResult[]> {
  return withMigrationLock(
    db,
    async (tx) => {
      const [row] = await tx.select({ n: count() }).from(posts);
      if ((row?.n ?? 0) > 0) return [];
      const results: MigrationResult[] = [];
      for (const kind of MIGRATION_KINDS)
        results.push(await store(tx, kind, await readContentFiles(kind, options.dir)));
      await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
      return results;
    },
    () => [],
  );
}

/** server/index.ts and server/dev.ts: seed a new installation; a problem is logged, never stops the start. */
export async function seedShippedContentOnStart(db: Database, log: Logger): Promise<void> {
  try {
    const results = await seedShippedContent(db);
    for (const result of results) log.info({ ...result }, `new installation: ${migrationMessage(result)}`);
  } catch (error) {
    log.error({ err: error }, "loading the shipped content into the empty posts table failed");
  }
}
