import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";
import { connectDatabase } from "../../server/db/client";
import { EnvSchema } from "../../server/env";
import { projectRoot } from "../../server/lib/paths";
import { listAdmins } from "../../server/services/admin-accounts";
import { startS3Peer } from "../support/s3-peer";

/**
 * README.md walked as written: the shell blocks of its "Set-up", "Production" and "Backups and
 * restore" sections become one script, run here against a temporary database, bucket and
 * folder. Every command is either run, with the few names a test machine must change (below),
 * or left out for a reason of the allow-list: it needs root, systemd or the network. A command
 * the list does not know fails the test, so a new one in the README is walked or explained.
 */
const README = readFileSync(path.join(projectRoot, "README.md"), "utf8");
const WALKED = ["Set-up", "Production", "Backups and restore"];

interface Block {
  section: string;
  lang: string;
  text: string;
}

/** The fenced blocks of the walked `## ` sections (a block in a list item is dedented). */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let section = "";
  let fence: { indent: number; lang: string; lines: string[] } | undefined;
  for (const line of markdown.split("\n")) {
    if (fence) {
      if (line.trim() === "```") {
        blocks.push({ section, lang: fence.lang, text: fence.lines.join("\n") });
        fence = undefined;
      } else fence.lines.push(line.slice(fence.indent));
      continue;
    }
    const open = /^(\s*)```(\w*)\s*$/.exec(line);
    if (open) fence = { indent: open[1]!.length, lang: open[2]!, lines: [] };
    else if (line.startsWith("## ")) section = line.slice(3).trim();
  }
  return blocks.filter((block) => WALKED.includes(block.section));
}

/** A shell block's commands: continued lines (`\`) and `for ... done` loops are one command. */
function commandsOf(script: string): string[] {
  const commands: string[] = [];
  let current = "";
  for (const raw of script.split("\n")) {
    const line = raw.trimEnd();
    if (!current && (line.trim() === "" || line.trim().startsWith("#"))) continue;
    current += current ? `\n${line}` : line;
    if (line.endsWith("\\")) continue;
    if (/^(for|while|until)\b/.test(current) && !/^\s*done\b/.test(line)) continue;
    commands.push(current);
    current = "";
  }
  return commands;
}

/** What happens to each command, the first pattern that matches it: run, or skipped and why. */
const RULES: { pattern: RegExp; skip?: string }[] = [
  { pattern: /^cd \/srv\/ri-web-design$/ },
  { pattern: /^sudo -u postgres (createuser|createdb) / },
  { pattern: /^sudo -u ri-web-design mkdir / },
  {
    pattern: /npm run restore -- \S+\.tar\.gz$/,
    skip: "restores onto an empty installation, a new machine's; the walk's holds data by then, and its --replace restore runs",
  },
  { pattern: /^sudo -u ri-web-design -H env ENV_FILE=\/etc\/ri-web-design\.env npm run (admin|backup|restore)\b/ },
  {
    pattern: /^npm install && npm start\b/,
    skip: "installs from the registry (network); npm start: clean-stop.test.ts",
  },
  { pattern: /^npm test\b/, skip: "the whole test suite, this test among them" },
  { pattern: /npm ci$/, skip: "installs from the registry (network); node_modules is in place" },
  {
    pattern: /npm run build\b/,
    skip: "a build for the settings' SITE_URL takes minutes; the process tests run the build",
  },
  { pattern: /^(sudo )?(systemctl|journalctl) |^for port in /, skip: "systemd" },
  {
    pattern: /^sudo (apt-get|useradd|git clone|mkdir|install|cp|ln|rm|nginx|certbot) /,
    skip: "root: changes the machine (packages, users, /etc, /srv)",
  },
];

const withoutComments = (command: string) => command.replace(/\s+#[^\n]*$/gm, "");
const ruleOf = (command: string) => RULES.find((rule) => rule.pattern.test(withoutComments(command)));
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const dir = mkdtempSync(path.join(os.tmpdir(), "wbt-readme-"));
const dataDir = path.join(dir, "data");
const role = `t_readme_${randomBytes(4).toString("hex")}`;
const adminUrl = inject("pgAdminUrl");
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${role} with (force)`);
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

describe("README.md, walked", () => {
  const blocks = blocksOf(README);
  const commands = blocks.filter((b) => b.lang === "bash").flatMap((b) => commandsOf(b.text));

  it("has a rule for every command of its set-up, production and backup sections", () => {
    expect(commands.length).toBeGreaterThan(20);
    expect(commands.filter((command) => !ruleOf(command))).toEqual([]);
  });

  it("writes the production settings as systemd and the commands both read them, with the S3 settings", () => {
    const settings = blocks.filter((b) => b.section === "Production" && b.lang === "dotenv");
    expect(settings).toHaveLength(1);
    const lines = settings[0]!.text.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
    // No inline comment, quote, space or backslash: systemd's EnvironmentFile= would keep it in the value.
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^\s#'"\\]*$/);
    const names = lines.map((line) => line.slice(0, line.indexOf("=")));
    expect(names.filter((name) => !(name in EnvSchema.in.shape))).toEqual([]);
    for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE", "S3_BUCKET", "S3_ACCESS_KEY_ID"])
      expect(names).toContain(name);
  });

  // 25 to 70 s measured on a shared two-core machine (four npm commands, each starting tsx);
  // the bound leaves room for a busier one.
  it("runs its commands: the role and database, the admin commands, a backup and a restore over it", async () => {
    const s3 = await startS3Peer("readme-media");
    closers.push(() => s3.close());
    const password = `pw-${randomBytes(6).toString("hex")}`;
    const server = new URL(adminUrl);

    // The settings file, as README.md writes /etc/ri-web-design.env, with this machine's server,
    // role and bucket (an S3 server that needs path-style addresses, as MinIO), and the app
    // folder's data/ in a temporary folder.
    const dotenv = blocks.find((b) => b.section === "Production" && b.lang === "dotenv")!.text;
    const readmeUrl = new URL(/^DATABASE_URL=(.+)$/m.exec(dotenv)![1]!);
    expect([readmeUrl.username, readmeUrl.pathname]).toEqual(["ri_web_design", "/ri_web_design"]);
    const replaced: Record<string, string> = {
      DATABASE_URL: `postgres://${role}:${password}@${server.hostname}:${server.port || 5432}/${role}`,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.env.S3_REGION,
      S3_FORCE_PATH_STYLE: "true",
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    const settingsFile = path.join(dir, "ri-web-design.env");
    writeFileSync(
      settingsFile,
      `${dotenv.replace(/^([A-Z0-9_]+)=.*$/gm, (line, name: string) => (name in replaced ? `${name}=${replaced[name]}` : line))}\nDATA_DIR=${dataDir}\n`,
    );

    const substitutions: [string | RegExp, string][] = [
      ["sudo -u ri-web-design -H ", ""],
      ["sudo -u ri-web-design ", ""],
      ["sudo -u postgres ", ""],
      ["/etc/ri-web-design.env", settingsFile],
      ["/srv/ri-web-design/data", dataDir],
      [/^cd \/srv\/ri-web-design$/, `cd ${projectRoot}`],
      ["data/backups/", `${dataDir}/backups/`],
      ["YYYYMMDD-HHMMSS", "*"],
      [/ri_web_design/g, role],
    ];
    const script = ["set -euo pipefail"];
    for (const command of commands) {
      const rule = ruleOf(command)!;
      if (rule.skip) {
        script.push(`# left out (${rule.skip}): ${command.split("\n")[0]}`);
        continue;
      }
      let run = command;
      for (const [from, to] of substitutions) run = run.replace(from, to);
      expect(run).not.toMatch(/sudo|\/srv\/|\/etc\//);
      script.push(`echo ${shellQuote(`+ ${command}`)}`, run);
    }
    const scriptFile = path.join(dir, "readme-walk.sh");
    writeFileSync(scriptFile, `${script.join("\n")}\n`);

    // The server's superuser for createuser and createdb, as `sudo -u postgres` is on Debian.
    // A session of its own, with no terminal: createuser --pwprompt reads the password from stdin.
    const walk = spawn("bash", [scriptFile], {
      cwd: projectRoot,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        npm_config_cache: path.join(dir, "npm"),
        npm_config_update_notifier: "false",
        PGHOST: server.hostname,
        PGPORT: server.port || "5432",
        PGUSER: decodeURIComponent(server.username),
        PGPASSWORD: decodeURIComponent(server.password),
      },
    });
    closers.push(async () => void (walk.exitCode === null && walk.kill("SIGKILL")));
    walk.stdin.end(`${password}\n${password}\n`);
    let output = "";
    walk.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    walk.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => walk.on("exit", resolve));
    const report = `${readFileSync(scriptFile, "utf8")}\n--- output:\n${output.slice(-4000)}`;
    expect(code, report).toBe(0);

    expect(output, report).toContain("No admin accounts yet");
    expect(output, report).toContain("Created the admin you@example.com.");
    expect(output, report).toContain(`Backup written: ${dataDir}/backups/backup-`);
    expect(output, report).toContain("Restored the backup of");
    const archives = readdirSync(path.join(dataDir, "backups"));
    expect(archives).toHaveLength(1);
    expect(statSync(path.join(dataDir, "backups", archives[0]!)).mode & 0o777).toBe(0o600);

    // The database belongs to the role, which holds the restored admin.
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ owner: string }>(
      "select pg_get_userbyid(datdba) as owner from pg_database where datname = $1",
      [role],
    );
    await admin.end();
    expect(rows).toEqual([{ owner: role }]);
    const site = connectDatabase(replaced.DATABASE_URL!, { max: 1 });
    closers.push(() => site.close());
    expect((await listAdmins(site.db)).map((a) => a.email)).toEqual(["you@example.com"]);
  }, 150_000);
});
