// `npm start`: build when the build is missing or stale, then serve.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { computeStamp, readStamp, root } from "./build-stamp.mjs";

if (readStamp() !== computeStamp()) {
  console.log("[start] the build is missing or out of date: building first");
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
}
await import(pathToFileURL(path.join(root, "build/server-app/index.js")).href);
