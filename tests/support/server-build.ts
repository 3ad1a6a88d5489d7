import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { serverBuildFile } from "../../server/lib/paths";

/** The production build's server module, as server/index.ts loads it; a clear error when there is none. */
export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(serverBuildFile)) throw new Error("No build found: run `npm run build` (npm test does it for you).");
  return (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
}
