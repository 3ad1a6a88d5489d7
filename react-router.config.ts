import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/registry";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server rendering for dynamic pages; static public pages are prerendered at
  // build and served from memory (server/site/static-files.ts).
  ssr: true,
  prerender: prerenderPaths(),
} satisfies Config;
