// `npm start`: build when the build is missing or stale, then serve, starting
// the server again by itself if it ever stops unexpectedly (scripts/supervisor.mjs).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";
import { supervise } from "./supervisor.mjs";

if (readStamp() !== computeStamp()) {
  console.log("[start] the build is missing or out of date: building first");
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
}
supervise(path.join(root, "build/server-app/index.js"));
