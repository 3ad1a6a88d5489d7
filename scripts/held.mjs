// Before `npm start` starts anything: is the port, or the embedded database's data folder, still
// held by a process of an earlier run? Then it says which process (pid and command) and how to
// stop it, and exits at once, instead of a server that fails three times to start
// (docs/decisions/048-clean-stops.md). Linux: the holders are found through /proc.
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { commandLine, processStat } from "./lifeline.mjs";

/**
 * The settings the checks read, with the defaults of server/env.ts (this runs before the server
 * and its schema; tests/api/clean-stop.test.ts holds the two together).
 */
export function heldSettings(env = process.env) {
  return {
    host: env.HOST || "0.0.0.0",
    port: Number(env.PORT || 3000),
    dataDir: path.resolve(env.DATA_DIR || "data"),
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT || 54329),
    embedded: !env.DATABASE_URL,
  };
}

/** Whether `port` on `host` can be listened on now (anything else than "in use" counts as free here: the server reports it). */
function portInUse(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (error) => resolve(error.code === "EADDRINUSE"));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/** The pids of this user's processes that listen on TCP `port`, on any address. */
export function listenersOn(port) {
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local address (hex ip:port), state 0A = LISTEN, inode in column 10
      if (cols[3] === "0A" && Number.parseInt(cols[1]?.split(":")[1] ?? "", 16) === port) inodes.add(cols[9]);
    }
  }
  const pids = [];
  if (inodes.size === 0) return pids;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    const holds = fds.some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    });
    if (holds) pids.push(Number(entry));
  }
  return pids;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function cwdOf(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

const SERVER = /build\/server-app\/index\.js/;
const SUPERVISOR = /scripts\/start\.mjs/;
const POSTGRES = /\/postgres -D /;

/**
 * Who `pid` is, and the pid to stop: a server of this app under a supervisor is stopped through
 * the supervisor (SIGTERM: it stops the server in order, and its embedded PostgreSQL last).
 */
export function describeHolder(pid) {
  const command = commandLine(pid) || "a process this user cannot see";
  const parent = processStat(pid)?.ppid;
  // An embedded PostgreSQL under a server of this app: the server is the one to stop.
  if (POSTGRES.test(command) && parent && SERVER.test(commandLine(parent))) {
    const server = describeHolder(parent);
    return { ...server, text: `the embedded PostgreSQL (pid ${pid}) of ${server.text}` };
  }
  if (!SERVER.test(command)) return { stop: pid, ours: false, text: `pid ${pid} (${command})` };
  const supervisor = parent && SUPERVISOR.test(commandLine(parent)) ? parent : undefined;
  const folder = cwdOf(pid);
  const where = folder ? ` in ${folder}` : "";
  return supervisor
    ? {
        stop: supervisor,
        ours: true,
        text: `a server of this app${where} (pid ${pid}, under npm start's supervisor, pid ${supervisor})`,
      }
    : { stop: pid, ours: true, text: `a server of this app${where} (pid ${pid}) left running by an earlier npm start` };
}

/** What to do about `holder`: our own processes stop cleanly on SIGTERM. */
const howToStop = (holder) =>
  holder.ours
    ? `Stop it with: kill ${holder.stop} (it stops cleanly on SIGTERM), then run npm start again.`
    : `Stop it (kill ${holder.stop}) and run npm start again.`;

/** The embedded PostgreSQL's pid in postmaster.pid, when the file names one. */
function postmasterPid(pgdata) {
  const file = path.join(pgdata, "postmaster.pid");
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Who holds `port` (`setting` names it), leaving out the pid `except`; undefined when it is free or only `except` holds it. */
async function portProblem(setting, port, host, except) {
  // A port that is no port at all is the server's to report, naming the setting.
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  if (!(await portInUse(port, host))) return undefined;
  const pids = listenersOn(port);
  const holders = pids.filter((pid) => pid !== except).map(describeHolder);
  if (holders.length > 0)
    return `${setting} ${port} is taken by ${holders.map((h) => h.text).join(" and ")}. ${howToStop(holders[0])} Or set ${setting} to a free port.`;
  if (pids.length > 0) return undefined;
  return `${setting} ${port} is in use by a process this user cannot see (another user's: sudo ss -ltnp 'sport = :${port}' names it). Stop it, or set ${setting} to a free port.`;
}

/**
 * What holds what this start needs, in words, or undefined when nothing does. An embedded
 * PostgreSQL of this data folder that outlived its app (a kill -9) is no obstacle: the server
 * stops it cleanly before starting its own (server/db/embedded.ts).
 */
export async function heldProblem(settings = heldSettings()) {
  const { host, port, dataDir, embeddedPgPort, embedded } = settings;
  const pgDir = path.join(dataDir, "postgres");
  const pgdata = path.join(pgDir, "cluster");
  const pidFile = path.join(pgdata, "postmaster.pid");
  const postmaster = embedded ? postmasterPid(pgdata) : undefined;

  if (embedded && existsSync(path.join(pgDir, "app.pid"))) {
    const pid = Number(readFileSync(path.join(pgDir, "app.pid"), "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) && /node/.test(commandLine(pid))) {
      const holder = describeHolder(pid);
      return `The data folder ${dataDir} is in use by ${holder.text}. ${howToStop(holder)} Or give this start its own DATA_DIR and EMBEDDED_PG_PORT.`;
    }
  }
  if (postmaster && alive(postmaster)) {
    const command = commandLine(postmaster);
    if (command && !POSTGRES.test(command))
      return `${pidFile} names pid ${postmaster}, which is alive but is not PostgreSQL (${command}): the file was left by a PostgreSQL that did not stop (a crash, a power cut), and PostgreSQL will not start while that pid lives. Remove the file (rm ${pidFile}) and run npm start again.`;
    try {
      process.kill(postmaster, 0);
    } catch {
      return `The embedded PostgreSQL of ${dataDir} (pid ${postmaster}) still runs as another user, and this user cannot stop it. Stop it as that user or as root (sudo kill -INT ${postmaster}), then run npm start as the user that owns ${dataDir}.`;
    }
  }
  return (
    (await portProblem("PORT", port, host)) ??
    // This folder's own PostgreSQL, left by an app that was killed, may hold its port: the server stops it first.
    (embedded ? await portProblem("EMBEDDED_PG_PORT", embeddedPgPort, "127.0.0.1", postmaster) : undefined)
  );
}
