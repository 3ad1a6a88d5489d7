import { existsSync } from "node:fs";

/**
 * The system Chromium unless CHROMIUM_PATH names another; PLAYWRIGHT_BUNDLED=1
 * uses Playwright's own download instead. Debian's `chromium-headless-shell`
 * comes first when installed: the same Blink engine built for headless runs
 * (what Playwright itself runs headless), which needs a good deal less CPU
 * per page than the full browser.
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

/** `fullBrowser` skips the headless shell (Lighthouse measures the browser visitors run). */
export function chromiumPath({ fullBrowser = false } = {}): string | undefined {
  if (process.env.PLAYWRIGHT_BUNDLED === "1") return undefined;
  const candidates = [
    process.env.CHROMIUM_PATH,
    fullBrowser ? undefined : "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((file): file is string => !!file && existsSync(file));
}

export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: CHROMIUM_ARGS };
}
