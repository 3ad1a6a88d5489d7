import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { site } from "~/config/site";
import { backupKeyProblem } from "./lib/backup-key";

/**
 * The one place that reads process.env. Every variable is listed, with a
 * working default, in .env.example. A bad value stops the start with a message
 * naming the variable.
 */
const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** An optional value where an empty string (as in .env.example) means unset. */
const optionalText = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.optional().or(z.literal("").transform(() => undefined));
const optionalUrl = (error: string) => optionalText(z.url({ protocol: /^https?$/, error }));

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Public origin of the site: canonicals, sitemap, e-mail links; https turns on HSTS. */
    SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" }).optional(),
    /** Any PostgreSQL server; when unset the app runs its own embedded server. */
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * The owner's reports and exports have a pool of their own (docs/decisions/030-reports-beside-visitors.md):
     * they can never take the connections that visitors' writes and the health check need.
     */
    // Half the machine's cores (1 on a 2-core machine): however many reports run, the visitors'
    // requests keep the other half.
    REPORT_POOL_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(20)
      .default(Math.max(1, Math.floor(availableParallelism() / 2))),
    /** Longest a report's or an export's statement may run before it is stopped (ms). */
    REPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /**
     * The billing PDFs' render threads (docs/decisions/045-pdfs-rendered-once.md): layouts run on
     * at most this many worker threads, never on the app's own.
     */
    PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
    /** Renders that may wait for a thread; a download past them is answered 429 with Retry-After. */
    PDF_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
    /**
     * How long an analytics report rolls up the days of its range that have no rollup yet (after
     * an upgrade or an import) before it answers with the rest pending (ms; docs/decisions/049).
     */
    REPORT_FILL_BUDGET_MS: z.coerce.number().int().min(0).max(600_000).default(500),
    /** Where the embedded PostgreSQL, media and other local state live. */
    DATA_DIR: z.string().min(1).default("data"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * How many reverse proxies in front of the app append to X-Forwarded-For: the client address is
     * the entry that many places from the right. 0 (or false) ignores the header; true means 1.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(\d|true|false|yes|no|)$/, {
        error: "must be the number of trusted proxies (0 to 9), or true (1) / false (0)",
      })
      .default("0")
      .transform((value) => (value === "true" || value === "yes" ? 1 : /^\d$/.test(value) ? Number(value) : 0)),
    /** Largest JSON request body accepted, in bytes. */
    MAX_JSON_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    /** smtp://user:pass@host:587 or smtps://...; unset: e-mail waits in the admin's outbox. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Sender of every e-mail. */
    MAIL_FROM: z.string().min(3).default(`"${site.brand}" <${site.email}>`),
    /** Where new-lead notifications go. */
    OWNER_EMAIL: z.email({ error: "must be an e-mail address" }).default(site.email),
    /** Public form submissions allowed per visitor address and form in RATE_LIMIT_WINDOW_MINUTES. */
    PUBLIC_FORM_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
    /** The first admin account, created on the first start when there is none (else a password is generated and printed). */
    ADMIN_EMAIL: z
      .email({ error: "must be an e-mail address" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(8, { error: "must have at least 8 characters" })
      .max(128)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** E-mails the site may send per day (the e-mail usage card and the priority rules). */
    EMAIL_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
    /** Sign-in attempts allowed per visitor address (to any accounts, so also per account from it) in LOGIN_WINDOW_MINUTES before that address is paused. */
    LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /** Guided chats a visitor address may start, and chat messages it may send, in RATE_LIMIT_WINDOW_MINUTES. */
    INQUIRY_CREATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    INQUIRY_MESSAGE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    /** Client-portal lookups (by e-mail or Project ID) per visitor address in RATE_LIMIT_WINDOW_MINUTES. */
    PORTAL_LOOKUP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * PDFs, uploads, payment pages and CSV exports per client address per minute, each kind counted
     * apart (server/lib/call-limits.ts: each token has its own count besides, and each process a
     * cap on how many run at once). Unset: each kind's count per token.
     */
    CALL_LIMIT_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    RATE_LIMIT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(10),
    /** Where uploaded media live: local disk under DATA_DIR/media, or an S3-compatible bucket (S3_* below). */
    MEDIA_STORAGE: z.enum(["local", "s3"], { error: 'must be "local" or "s3"' }).default("local"),
    /** The S3 API address; unset means AWS S3 itself (R2: https://<account>.r2.cloudflarestorage.com). */
    S3_ENDPOINT: optionalUrl("must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com"),
    /** "auto" for R2; the bucket's region on AWS (us-east-1, ...). */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: "must be a region name such as auto or us-east-1" })
      .default("auto")
      .or(z.literal("").transform(() => "auto")),
    S3_BUCKET: optionalText(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9._-]{1,253}[a-z0-9]$/i, { error: "must be a bucket name such as my-site-media" }),
    ),
    /** The bucket's access key (R2: an API token's S3 credentials). */
    S3_ACCESS_KEY_ID: optionalText(z.string().trim().min(1, { error: "must not be blank" })),
    S3_SECRET_ACCESS_KEY: optionalText(z.string().trim().min(1, { error: "must not be blank" })),
    /** Path-style addresses (endpoint/bucket/key), as MinIO and s3rver need. */
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    /** Folder inside the bucket for this site's objects, e.g. "media" (keys become media/files/...). */
    S3_KEY_PREFIX: optionalText(
      z
        .string()
        .transform((value) => value.replace(/^\/+|\/+$/g, ""))
        .pipe(
          z.string().regex(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i, {
            error: "must be a folder name such as media or site/media",
          }),
        ),
    ),
    /** Public address of the bucket (CDN, R2 custom domain): media answers carry r2_url so browsers load files from there. */
    S3_PUBLIC_URL: optionalUrl("must be an http(s) URL such as https://media.example.com"),
    /** Failed sign-ins to one account from all addresses in LOGIN_WINDOW_MINUTES before it is slowed (one try per address) and its owner is e-mailed. */
    LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Open chat sockets allowed per client address (a benchmark from one address raises it). */
    INQUIRY_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Analytics calls (pageviews, scrolls, events) accepted per visitor address per minute. */
    ANALYTICS_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /**
     * Hosts (host or host:port, comma-separated) whose pages count visits besides the production
     * host and SITE_URL's at build: a staging server, the browser journeys' server.
     */
    ANALYTICS_HOSTS: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^([a-z0-9.-]+(:\d{1,5})?(\s*,\s*[a-z0-9.-]+(:\d{1,5})?)*)?$/, {
        error:
          "must be host names, optionally with a port, separated by commas (e.g. staging.example.com,localhost:4173)",
      })
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((host) => host.trim())
          .filter(Boolean),
      ),
    /**
     * Where the daily backup's archives are kept (docs/decisions/037-backups.md); unset: DATA_DIR/backups.
     * With BACKUP_S3_PREFIX, archives are written here first, then uploaded.
     */
    BACKUP_DIR: optionalText(z.string().trim().min(1)),
    /** A folder in the S3 bucket (S3_BUCKET, S3_*) for the archives instead of BACKUP_DIR, e.g. "backups". */
    BACKUP_S3_PREFIX: optionalText(
      z
        .string()
        .transform((value) => value.replace(/^\/+|\/+$/g, ""))
        .pipe(
          z.string().regex(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i, {
            error: "must be a folder name such as backups or site/backups",
          }),
        ),
    ),
    /** The hour (0-23, the business's time zone, site.timeZone) of the daily backup, or off. */
    BACKUP_HOUR: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(off|[01]?\d|2[0-3])$/, { error: `must be an hour from 0 to 23 (${site.timeZone} time), or off` })
      .default("3")
      .or(z.literal("").transform(() => "3"))
      .transform((value) => (value === "off" ? null : Number(value))),
    /** Archives kept; older ones are deleted after each backup. The privacy policy promises site.retention.backupsDays days. */
    BACKUP_KEEP: z.coerce
      .number({ error: "must be a number of archives, from 1 to 1000" })
      .int({ error: "must be a number of archives, from 1 to 1000" })
      .min(1, { error: "must be at least 1: the newest archive is always kept" })
      .max(1000, { error: "must be at most 1000" })
      .default(site.retention.backupsDays),
    /**
     * Encrypts (AES-256-GCM) and signs (HMAC-SHA256) every backup archive
     * (docs/decisions/047-backup-encryption.md): 32 random bytes as 64 hex digits or base64
     * (`openssl rand -base64 32`). A restore of an encrypted archive needs it: keep it apart from them.
     */
    BACKUP_ENCRYPTION_KEY: optionalText(
      z.string().superRefine((value, ctx) => {
        const problem = backupKeyProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    /**
     * Card payments (docs/product/billing.md "Payments"): Stripe's secret key turns on Pay Now;
     * unset, the portal shows how to pay by check or transfer and offers no card button.
     */
    STRIPE_SECRET_KEY: optionalText(
      z
        .string()
        .trim()
        .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, {
          error: "must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)",
        }),
    ),
    /** The signing secret of the webhook endpoint /api/stripe/webhook (whsec_...): only events signed with it are read. */
    STRIPE_WEBHOOK_SECRET: optionalText(
      z.string().trim().min(8, { error: "must be the endpoint's signing secret (whsec_...)" }),
    ),
    /** Where the Stripe SDK sends its calls; unset: Stripe itself. Tests point it at a local stand-in. */
    STRIPE_API_HOST: optionalText(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9.-]+$/, { error: "must be a host name such as localhost" }),
    ),
    STRIPE_API_PORT: optionalText(
      z
        .string()
        .trim()
        .regex(/^\d{1,5}$/, { error: "must be a port number" }),
    ).transform((v) => (v === undefined ? undefined : Number(v))),
    STRIPE_API_PROTOCOL: optionalText(z.enum(["http", "https"], { error: 'must be "http" or "https"' })),
  })
  .superRefine((env, ctx) => {
    if (env.MEDIA_STORAGE !== "s3") {
      if (env.S3_PUBLIC_URL !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["S3_PUBLIC_URL"],
          message: "is only used with MEDIA_STORAGE=s3 (media are on local disk now)",
        });
      return;
    }
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (env[name] === undefined)
        ctx.addIssue({ code: "custom", path: [name], message: "is required when MEDIA_STORAGE=s3" });
  })
  .superRefine((env, ctx) => {
    const dataDir = path.resolve(env.DATA_DIR);
    const backupDir = path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups"));
    const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + path.sep);
    // Archives among the media would be backed up as media; among the database's own files, in its way.
    for (const folder of ["media", "postgres"])
      if (within(backupDir, path.join(dataDir, folder)))
        ctx.addIssue({
          code: "custom",
          path: ["BACKUP_DIR"],
          message: `must be a folder outside DATA_DIR/${folder}, e.g. ${path.join(dataDir, "backups")}`,
        });
    const prefix = env.BACKUP_S3_PREFIX;
    if (prefix === undefined) return;
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (env[name] === undefined)
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when BACKUP_S3_PREFIX is set (the backups go to that bucket)",
        });
    if (env.MEDIA_STORAGE !== "s3") return;
    // The media store lists, backs up, restores and sweeps everything under S3_KEY_PREFIX (the
    // whole bucket without one): the archives must be out of that folder, and it out of theirs.
    const inFolder = (key: string, folder: string) => key === folder || key.startsWith(`${folder}/`);
    const media = env.S3_KEY_PREFIX;
    if (!media)
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_PREFIX"],
        message:
          "needs the media in a folder of their own (S3_KEY_PREFIX): they are at the bucket's root, where every folder is theirs. Keep the backups in BACKUP_DIR, or use a bucket whose media have a folder",
      });
    else if (inFolder(prefix, media) || inFolder(media, prefix))
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_PREFIX"],
        message: `must be a folder apart from the media's (S3_KEY_PREFIX=${media}), e.g. backups`,
      });
  })
  .transform((env) => ({
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(path.resolve(env.DATA_DIR), "backups")),
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Settings whose values an error message never repeats. */
const NOT_SHOWN = new Set(["BACKUP_ENCRYPTION_KEY"]);

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(environment)";
    const given = source[name];
    // A key is not printed, even a bad one: the message goes to logs and terminals.
    const shown = given === undefined ? "" : NOT_SHOWN.has(name) ? " (its value is not shown)" : ` (got "${given}")`;
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new EnvError(`Invalid configuration, fix these environment variables:\n${lines.join("\n")}`);
}

/** The process's environment over some defaults (`npm run dev` starts in development). */
export function environmentWith(defaults: Record<string, string>): Record<string, string | undefined> {
  return { ...defaults, ...process.env };
}

/** Whether SITE_URL was given: without it links fall back to localhost, and the start warns. */
export function siteUrlIsSet(source: Record<string, string | undefined> = process.env): boolean {
  return Boolean(source.SITE_URL);
}

/** The environment for a child process (the embedded PostgreSQL's tools): this process's, plus `extra`. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
