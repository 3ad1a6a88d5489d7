// What `npm start` lives as long as (docs/decisions/048-clean-stops.md). A signal to npm
// reaches the supervisor (package.json runs it with `exec`, so no shell stands between them).
// What no signal reaches is watched here: the supervisor's parent (npm) dying, and the program
// that ran `npm start` dying while npm is still its command (`sh -c 'npm start'` given a SIGTERM:
// dash forks npm, and the signal stops only the shell). Either stops the server cleanly instead
// of leaving it, and its embedded PostgreSQL, holding the port and the data folder.
import { readFileSync } from "node:fs";

/** How often the links are looked at. */
const POLL_MS = 250;

/** A process's state letter, parent and process group (from /proc; undefined when it is gone or there is no /proc). */
export function processStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields after it follow the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** A process's command line, for the log (empty when it cannot be read). */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/**
 * The links to watch, read once at the start (before a build that may take minutes): this
 * process and its parent, and, under npm, npm and the program that ran it. A link counts only
 * when the child runs in its parent's process group: a command of a script or of a process
 * manager, rather than a job a shell put in the background on purpose (`nohup npm start &` in a
 * terminal, `setsid npm start`), which is meant to outlive that shell. Parents of pid 1 or 0
 * (init, a container's first process) are left out: nothing is reparented away from them.
 */
export function recordLifeline(env = process.env) {
  const links = [];
  const self = processStat(process.pid);
  if (!self) return links;
  const parent = process.ppid;
  const parentStat = processStat(parent);
  if (parent > 1 && parentStat?.pgrp === self.pgrp)
    links.push({ child: process.pid, parent, command: commandLine(parent) });
  // Run by npm (`npm start`): the parent is npm, whose own parent ran the command.
  if (env.npm_lifecycle_event && parentStat && parentStat.ppid > 1) {
    const launcher = processStat(parentStat.ppid);
    if (launcher?.pgrp === parentStat.pgrp)
      links.push({ child: parent, parent: parentStat.ppid, command: commandLine(parentStat.ppid) });
  }
  return links;
}

/** The first link that broke: its child is gone, or has another parent now (its own died). */
export function brokenLink(links) {
  for (const link of links) {
    const ppid = link.child === process.pid ? process.ppid : processStat(link.child)?.ppid;
    if (ppid !== link.parent) return link;
  }
  return undefined;
}

/** Calls `onGone(link)` once, as soon as one of `links` breaks. */
export function watchLifeline(links, onGone) {
  if (links.length === 0) return;
  const timer = setInterval(() => {
    const broken = brokenLink(links);
    if (!broken) return;
    clearInterval(timer);
    onGone(broken);
  }, POLL_MS);
  timer.unref();
}
