import { existsSync } from "node:fs";

/**
 * The system Chromium (Debian's `chromium` package) unless CHROMIUM_PATH
 * names another; PLAYWRIGHT_BUNDLED=1 uses Playwright's own download instead.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function chromiumPath(): string | undefined {
  if (process.env.PLAYWRIGHT_BUNDLED === "1") return undefined;
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((file): file is string => !!file && existsSync(file));
}

export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: CHROMIUM_ARGS };
}
