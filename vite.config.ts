import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * In development, /{demo,claim,concept}-sites/{id}/ serves that site's index.html, as the
 * production server does (server/site/static-files.ts maps folders to their index).
 */
function demoSiteIndex(): Plugin {
  return {
    name: "demo-site-index",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const match = req.url ? /^(\/(?:demo|claim|concept)-sites\/[\w-]+)\/?(\?.*)?$/.exec(req.url) : null;
        if (match) req.url = `${match[1]}/index.html${match[2] ?? ""}`;
        next();
      });
    },
  };
}

/**
 * The browser entry and the chunks it imports (React, React DOM, the router, the site's shell) run
 * on every page load, nearly every function in them. `//# allFunctionsCalledOnLoad` on their first
 * line has Chromium compile them whole while they download, off the main thread, instead of one
 * function at a time on the main thread as each is first called (most of the time spent after the
 * first paint). Written into the files after the build, since Vite puts its own preamble first.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
function compileHints(): Plugin {
  return {
    name: "compile-hints",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === "chunk" && file.name === "entry.client");
      if (!entry || entry.type !== "chunk") throw new Error("compile hints: no entry.client chunk in the client build");
      for (const fileName of [entry.fileName, ...entry.imports]) {
        const file = path.join(options.dir!, fileName);
        const code = readFileSync(file, "utf8");
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + code);
      }
    },
  };
}

/**
 * React Router's production build in the browser. Its package exports point every bundler at its
 * development build, which differs in one constant (ENABLE_DEV_WARNINGS) and the warnings it keeps:
 * about 0.6 KB gzip of every public page's first load. The server keeps the package's own
 * resolution, so the server and the browser each load one copy.
 */
function reactRouterProduction(): Plugin {
  const dist = fileURLToPath(new URL("./node_modules/react-router/dist/production/", import.meta.url));
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const file = files[source];
      return file ? path.join(dist, file) : null;
    },
  };
}

// Same default as server/env.ts, so canonicals and the sitemap agree.
const siteUrl = (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");

export default defineConfig({
  plugins: [reactRouterProduction(), tailwindcss(), reactRouter(), demoSiteIndex(), compileHints()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  define: {
    // Canonicals and social cards in prerendered HTML use the configured site URL.
    "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl),
  },
  build: {
    // Inline nothing: the CSP forbids data: scripts, and small assets cache well.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // The error class a public page recognises a failure by before its first call has
                  // loaded the caller: a few hundred bytes.
                  name: "api-error",
                  priority: 4,
                  test: /\/app\/lib\/api\/api-error\.ts$/,
                },
                {
                  // The browser's API call (no Zod) in its own small chunk, loaded by the admin up
                  // front and by the public pages with their first call.
                  name: "api-call",
                  priority: 3,
                  test: /\/app\/(lib\/api\/call|contracts\/endpoint)\.ts$/,
                },
                {
                  // The public forms' shared parts (fields, alerts, sending), one chunk for the pages with a form.
                  name: "site-forms",
                  priority: 1,
                  test: /\/app\/(components\/site\/forms\/[\w-]+\.tsx?|lib\/forms\/(options|failed-answer)\.ts|lib\/validation\.ts)$/,
                },
                {
                  name: "site-shell",
                  priority: 2,
                  test: /\/app\/(lib\/(seo|site-url|attribution|analytics|consent|breadcrumbs|nonce|text|transition-store)\.tsx?|config\/site\.ts|components\/site\/(site-header|site-footer|mobile-menu|nav-dropdown|cookie-banner|consent-settings|scroll-to-top|breadcrumb-bar|cookie-banner-space)\.tsx?|components\/ui\/(icons|button|lazy-view)\.tsx?|components\/chat-widget\/chat-widget\.tsx|content\/navigation\.ts)$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
