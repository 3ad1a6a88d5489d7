import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../server/lib/paths";

/**
 * The shipped nginx site (deploy/nginx/ri-web-design.conf) run for real, as a child process with a
 * prefix folder of its own: the proxy test and the proxy bench put it in front of app processes.
 * Only the lines a deployment changes anyway are changed (siteConfigFor); everything else is the
 * shipped text.
 */
export const shippedSiteFile = path.join(projectRoot, "deploy/nginx/ri-web-design.conf");

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
export function findNginx(): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/local/sbin"]) {
    const file = path.join(dir, "nginx");
    if (dir && existsSync(file)) return file;
  }
  return undefined;
}

export function findOpenssl(): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/bin"]) {
    const file = path.join(dir, "openssl");
    if (dir && existsSync(file)) return file;
  }
  return undefined;
}

/** CI installs the deploy tools (.ci/run); elsewhere a test without them is skipped with a note. */
export const deployToolsRequired = () => process.env.DEPLOY_TOOLS_REQUIRED === "1" || !!process.env.CI;

export const INSTALL_HINT = "Debian/Ubuntu: sudo apt-get install -y nginx openssl systemd (CI installs them: .ci/run)";

export interface SiteOptions {
  /** The plain-HTTP listener (the shipped file's port 80). */
  httpPort: number;
  /** The TLS listener (443). */
  httpsPort: number;
  /** The app processes' ports, one or two (the shipped upstream has two lines). */
  upstreams: number[];
  cert: string;
  key: string;
}

/**
 * The shipped site with its listen lines on 127.0.0.1 (the IPv6 ones commented out: a machine
 * may have no IPv6 loopback), its upstream lines on the given ports and its certificate paths on
 * the test's. `changed` lists the lines (1-based) that differ from the shipped text.
 */
export function siteConfigFor(options: SiteOptions, shipped = readFileSync(shippedSiteFile, "utf8")) {
  const upstreams = [...options.upstreams];
  const changed: number[] = [];
  const lines = shipped.split("\n").map((line, index) => {
    const indent = /^\s*/.exec(line)![0];
    const text = line.trim();
    let next = line;
    if (/^server 127\.0\.0\.1:\d+ /.test(text)) {
      const port = upstreams.shift();
      next =
        port === undefined
          ? `${indent}# ${text} (not running here)`
          : `${indent}${text.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`)}`;
    } else if (text === "listen 80;") next = `${indent}listen 127.0.0.1:${options.httpPort};`;
    else if (text === "listen 443 ssl http2;") next = `${indent}listen 127.0.0.1:${options.httpsPort} ssl http2;`;
    else if (/^listen \[::\]:/.test(text)) next = `${indent}# ${text}`;
    else if (/^ssl_certificate /.test(text)) next = `${indent}ssl_certificate ${options.cert};`;
    else if (/^ssl_certificate_key /.test(text)) next = `${indent}ssl_certificate_key ${options.key};`;
    if (next !== line) changed.push(index + 1);
    return next;
  });
  if (upstreams.length) throw new Error(`the shipped upstream has fewer server lines than ${options.upstreams.length}`);
  return { text: lines.join("\n"), changed };
}

/** A self-signed certificate for 127.0.0.1 (and localhost), made by openssl. */
export function selfSignedCertificate(dir: string) {
  const openssl = findOpenssl();
  if (!openssl) throw new Error(`openssl is not installed. ${INSTALL_HINT}`);
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    openssl,
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "pipe" },
  );
  return { cert, key, ca: readFileSync(cert) };
}

export interface RunningNginx {
  httpsOrigin: string;
  httpOrigin: string;
  /** The certificate to trust (it is its own authority). */
  ca: Buffer;
  /** The site file as run. */
  site: { text: string; changed: number[] };
  /** The access log's entries so far: time, request id, status, upstream address(es), request line. */
  accessLog(): AccessEntry[];
  /** The app port(s) that answered the request nginx gave this id (its X-Request-Id), waiting for the log line. */
  upstreamOf(requestId: string, timeoutMs?: number): Promise<number[]>;
  output(): string;
  stop(): Promise<void>;
}

export interface AccessEntry {
  /** When nginx finished the request (ms since the epoch). */
  at: number;
  /** How long nginx took over it, from the first byte read to the last one sent (ms). */
  ms: number;
  requestId: string;
  status: number;
  upstreams: number[];
  /** The time the app process(es) took, from nginx's connection to them to their last byte (ms). */
  upstreamMs: number;
  request: string;
}

/**
 * nginx in the foreground (`daemon off`), a child of this process, serving the shipped site.
 * The main configuration around it is the test's own (a distribution's nginx.conf is not the
 * project's): one worker unless told otherwise, a log naming the process that answered each
 * request, and `gzip on` for every type at the http level, as eager as any nginx.conf, to show
 * that the site's `gzip off` wins.
 */
export async function startNginx(
  options: Omit<SiteOptions, "cert" | "key"> & {
    /** nginx's worker processes: 1 (the default) keeps round robin in strict turns; "auto" is one per core. */
    workers?: number | "auto";
  },
): Promise<RunningNginx> {
  const nginx = findNginx();
  if (!nginx) throw new Error(`nginx is not installed. ${INSTALL_HINT}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "wbt-nginx-"));
  // As root, nginx's workers run as nobody: they must reach the folder (temp files, the log's folder).
  chmodSync(dir, 0o755);
  const { cert, key, ca } = selfSignedCertificate(dir);
  const site = siteConfigFor({ ...options, cert, key });
  writeFileSync(path.join(dir, "site.conf"), site.text);
  const accessLogFile = path.join(dir, "access.log");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      `worker_processes ${options.workers ?? 1};`,
      `pid ${path.join(dir, "nginx.pid")};`,
      "error_log stderr warn;",
      "events { worker_connections 4096; }",
      "http {",
      '  log_format upstreams \'$msec $request_time $request_id $status "$upstream_addr" "$request" "$upstream_response_time"\';',
      `  access_log ${accessLogFile} upstreams;`,
      "  gzip on;",
      "  gzip_types *;",
      "  gzip_min_length 1;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
      ),
      `  include ${path.join(dir, "site.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  // -e: errors to stderr from the start (a build whose default log is /var/log/nginx may not write there).
  const args = ["-p", dir, "-e", "stderr", "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"];
  const child: ChildProcess = spawn(nginx, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const httpsOrigin = `https://127.0.0.1:${options.httpsPort}`;
  const httpOrigin = `http://127.0.0.1:${options.httpPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${output}`);
    if (await listening(options.httpsPort)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not listen within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const accessLog = (): AccessEntry[] =>
    (existsSync(accessLogFile) ? readFileSync(accessLogFile, "utf8") : "")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [, at, took, requestId, status, upstreams, request, upstreamTimes] =
          /^([\d.]+) ([\d.]+) (\S+) (\d+) "([^"]*)" "([^"]*)" "([^"]*)"/.exec(line) ?? [];
        return {
          at: Number(at) * 1000,
          ms: Number(took) * 1000,
          requestId: requestId ?? "",
          status: Number(status),
          request: request ?? "",
          // "127.0.0.1:4001, 127.0.0.1:4002" after a retry; "-" when nginx answered by itself.
          upstreams: [...(upstreams ?? "").matchAll(/\d+\.\d+\.\d+\.\d+:(\d+)/g)].map((m) => Number(m[1])),
          // "0.004, 0.012" after a retry, one per upstream tried; "-" when nginx answered by itself.
          upstreamMs: [...(upstreamTimes ?? "").matchAll(/[\d.]+/g)].reduce((sum, m) => sum + Number(m[0]) * 1000, 0),
        };
      });

  return {
    httpsOrigin,
    httpOrigin,
    ca,
    site,
    accessLog,
    output: () => output,
    async upstreamOf(requestId, timeoutMs = 2000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const entry = accessLog().find((e) => e.requestId === requestId);
        if (entry) return entry.upstreams;
        if (Date.now() > until) throw new Error(`no access log line for request ${requestId}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        // QUIT: a graceful stop (open sockets are closed once idle); the kill bounds it.
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
