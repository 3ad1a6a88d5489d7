import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Same default as server/env.ts, so canonicals and the sitemap agree.
const siteUrl = (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
});
