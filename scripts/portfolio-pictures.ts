/**
 * `npm run pictures`: the picture of every portfolio entry. Each entry of content/portfolio whose
 * live_url is a site this project serves (a demo in public/demo-sites, a concept in
 * public/concept-sites) is opened in the system Chromium at a desktop size (1280x800) and a phone
 * size (390x844, at 2x), and the two screenshots are composed into a browser window and a phone
 * on a soft background. The result is written as AVIF and WebP at several widths into
 * public/images/portfolio/ (committed), with app/content/portfolio-pictures.json, which the
 * pages read for `srcset`, `width` and `height`.
 *
 * A picture whose site (its HTML, CSS and SVG files) and drawing are unchanged is kept; run
 * `npm run pictures -- --force` to take every screenshot again. An entry with no site of ours
 * stops the script: no entry is left with a placeholder.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "@playwright/test";
import { format } from "prettier";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";
import { PICTURE_FORMATS, PICTURE_SIZE, PICTURE_WIDTHS, type PortfolioPictures } from "../app/lib/content/pictures";
import { root } from "./build-stamp.mjs";

const PUBLIC = path.join(root, "public");
const OUT_DIR = path.join(PUBLIC, "images/portfolio");
const MANIFEST = path.join(root, "app/content/portfolio-pictures.json");
const AVIF = { quality: 55, effort: 5 };
const WEBP = { quality: 78, effort: 5 };
const SITE_PATH = /^\/((?:demo|concept)-sites\/[\w-]+)\/?$/;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844, scale: 2 };

export interface PortfolioEntry {
  slug: string;
  title: string;
  liveUrl: string;
  /** The folder of the site under public/. */
  siteDir: string;
}

/** Every shipped portfolio entry with the folder of its site, or a message for the one without. */
export function portfolioEntries(dir = path.join(root, "content/portfolio")): PortfolioEntry[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const front = parseYaml(readFileSync(path.join(dir, file), "utf8").split(/^---\s*$/m)[1] ?? "") as Record<
        string,
        unknown
      >;
      const slug = String(front.slug ?? file.replace(/\.md$/, ""));
      const liveUrl = String(front.live_url ?? "");
      const match = SITE_PATH.exec(liveUrl);
      const siteDir = match ? path.join(PUBLIC, match[1]!) : "";
      if (!siteDir || !existsSync(path.join(siteDir, "index.html")))
        throw new Error(
          `${file}: live_url "${liveUrl}" is not a site in public/demo-sites or public/concept-sites, so it has no picture. ` +
            "Build the site there (or point live_url at one) and run `npm run pictures` again.",
        );
      return { slug, title: String(front.title ?? slug), liveUrl, siteDir };
    });
}

/**
 * How a picture is made: the screen sizes, the composition (drawn around empty screenshots), the widths and the encodings. A
 * change to any of them takes every picture again; the rest of this script does not.
 */
const design = () =>
  JSON.stringify([
    DESKTOP,
    PHONE,
    PICTURE_SIZE,
    PICTURE_WIDTHS,
    AVIF,
    WEBP,
    compositionSvg(Buffer.alloc(0), Buffer.alloc(0)),
  ]);

/** What a picture depends on: every file of its site, and how pictures are made. */
export function sourceHash(entry: PortfolioEntry): string {
  const hash = createHash("sha256").update(design());
  for (const file of readdirSync(entry.siteDir).sort()) {
    const full = path.join(entry.siteDir, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
};

/** public/ over HTTP on a free port, a folder answered by its index.html (as the site serves it). */
async function servePublic(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file = path.normalize(path.join(PUBLIC, decodeURIComponent(url.pathname)));
    if (!file.startsWith(PUBLIC)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function chromiumPath(): string | undefined {
  return [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/google-chrome",
  ].find((file) => file && existsSync(file));
}

async function screenshot(browser: Browser, url: string, size: { width: number; height: number; scale?: number }) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.scale ?? 1,
    isMobile: (size.scale ?? 1) > 1,
    hasTouch: (size.scale ?? 1) > 1,
    reducedMotion: "reduce",
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    return await page.screenshot({ type: "png" });
  } finally {
    await context.close();
  }
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/**
 * The composition, 1600x1000: a browser window holding the desktop screenshot, and a phone
 * holding the phone one in front of its right edge, on a light background with soft shadows.
 */
export function compositionSvg(desktop: Buffer, phone: Buffer): string {
  const { width: W, height: H } = PICTURE_SIZE;
  // Browser window: 1248 wide, a 40 px title bar, the 1280x800 screenshot scaled to 1248x780.
  const bx = 56;
  const by = 84;
  const bw = 1248;
  const bar = 40;
  const bh = bar + 780;
  // Phone: a 300x626 body with a 12 px bezel around the 276x598 screen (390x844 scaled).
  const pw = 300;
  const ph = 626;
  const px = W - pw - 64;
  const py = H - ph - 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#eef4fa"/>
      <stop offset="1" stop-color="#dbe7f2"/>
    </linearGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="125%">
      <feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0f3d5e" flood-opacity=".22"/>
    </filter>
    <clipPath id="window"><rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="14"/></clipPath>
    <clipPath id="screen"><rect x="${px + 12}" y="${py + 14}" width="${pw - 24}" height="${ph - 28}" rx="30"/></clipPath>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="1450" cy="120" r="260" fill="#ffffff" opacity=".45"/>
  <circle cx="120" cy="930" r="200" fill="#ffffff" opacity=".35"/>
  <g filter="url(#shadow)"><rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="14" fill="#ffffff"/></g>
  <g clip-path="url(#window)">
    <rect x="${bx}" y="${by}" width="${bw}" height="${bar}" fill="#e8edf3"/>
    <circle cx="${bx + 22}" cy="${by + 20}" r="6" fill="#f87171"/>
    <circle cx="${bx + 42}" cy="${by + 20}" r="6" fill="#fbbf24"/>
    <circle cx="${bx + 62}" cy="${by + 20}" r="6" fill="#34d399"/>
    <rect x="${bx + 300}" y="${by + 9}" width="${bw - 600}" height="22" rx="11" fill="#ffffff"/>
    <image x="${bx}" y="${by + bar}" width="${bw}" height="780" preserveAspectRatio="xMidYMin slice" href="${dataUri(desktop)}"/>
  </g>
  <g filter="url(#shadow)"><rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="42" fill="#1e293b"/></g>
  <rect x="${px + 3}" y="${py + 3}" width="${pw - 6}" height="${ph - 6}" rx="39" fill="none" stroke="#475569" stroke-width="2"/>
  <g clip-path="url(#screen)">
    <image x="${px + 12}" y="${py + 14}" width="${pw - 24}" height="${ph - 28}" preserveAspectRatio="xMidYMin slice" href="${dataUri(phone)}"/>
  </g>
</svg>`;
}

/** The file of one width and format. */
export const pictureFile = (slug: string, width: number, ext: string) => path.join(OUT_DIR, `${slug}-${width}.${ext}`);

async function writeVariants(slug: string, composed: Buffer) {
  for (const width of PICTURE_WIDTHS) {
    const resized = sharp(composed).resize({ width });
    await resized
      .clone()
      .avif(AVIF)
      .toFile(pictureFile(slug, width, "avif"));
    await resized
      .clone()
      .webp(WEBP)
      .toFile(pictureFile(slug, width, "webp"));
  }
}

function readManifest(): PortfolioPictures {
  try {
    return JSON.parse(readFileSync(MANIFEST, "utf8")) as PortfolioPictures;
  } catch {
    return {};
  }
}

const isComplete = (slug: string) =>
  PICTURE_WIDTHS.every((width) => PICTURE_FORMATS.every((ext) => existsSync(pictureFile(slug, width, ext))));

export async function writePortfolioPictures({ force = false, log = console.log } = {}) {
  const entries = portfolioEntries();
  const previous = readManifest();
  const manifest: PortfolioPictures = {};
  mkdirSync(OUT_DIR, { recursive: true });
  const sources = new Map(entries.map((entry) => [entry, sourceHash(entry)]));
  const stale = entries.filter(
    (entry) => force || previous[entry.slug]?.source !== sources.get(entry) || !isComplete(entry.slug),
  );
  let browser: Browser | undefined;
  let served: Awaited<ReturnType<typeof servePublic>> | undefined;
  try {
    if (stale.length) {
      served = await servePublic();
      browser = await chromium.launch({ executablePath: chromiumPath() });
    }
    for (const [index, entry] of entries.entries()) {
      const source = sources.get(entry)!;
      if (stale.includes(entry)) {
        log(`[pictures] ${index + 1}/${entries.length} ${entry.slug}: screenshots of ${entry.liveUrl}`);
        const url = `${served!.origin}${entry.liveUrl}`;
        const desktop = await screenshot(browser!, url, DESKTOP);
        const phone = await screenshot(browser!, url, PHONE);
        const composed = await sharp(Buffer.from(compositionSvg(desktop, phone)))
          .png()
          .toBuffer();
        await writeVariants(entry.slug, composed);
      } else {
        log(`[pictures] ${index + 1}/${entries.length} ${entry.slug}: unchanged`);
      }
      manifest[entry.slug] = {
        ...PICTURE_SIZE,
        widths: [...PICTURE_WIDTHS],
        alt: `The ${entry.title} website on a desktop browser and a phone`,
        source,
      };
    }
  } finally {
    await browser?.close();
    served?.server.close();
  }
  // Pictures of entries that are gone.
  const wanted = new Set(
    entries.flatMap((entry) =>
      PICTURE_WIDTHS.flatMap((w) => PICTURE_FORMATS.map((ext) => `${entry.slug}-${w}.${ext}`)),
    ),
  );
  for (const file of readdirSync(OUT_DIR)) if (!wanted.has(file)) rmSync(path.join(OUT_DIR, file));
  writeFileSync(MANIFEST, await format(JSON.stringify(manifest), { parser: "json" }));
  log(`[pictures] ${stale.length} taken, ${entries.length - stale.length} unchanged, in public/images/portfolio`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writePortfolioPictures({ force: process.argv.includes("--force") }).catch((error: unknown) => {
    console.error(`[pictures] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
