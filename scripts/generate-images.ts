/**
 * Generates the favicons, app icons, logo, social card and web manifest in
 * public/ from SVG markup built here. Run: npx tsx scripts/generate-images.ts
 * (the hand-drawn SVGs in public/images stay as they are).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { formatPrice, site } from "../app/config/site";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = join(ROOT, "public");
const IMAGES = join(PUBLIC, "images");

const BRAND_900 = "#0f3d5e";
const BRAND_700 = "#17527c";
const ACCENT = "#ffb347";
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The mark: a bold white "W" with an amber underline on the brand navy. */
function markSvg({ size = 64, rounded = true }: { size?: number; rounded?: boolean } = {}): string {
  const radius = rounded ? 14 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
  <rect width="64" height="64" rx="${radius}" fill="${BRAND_900}"/>
  <path d="M13 17 L22.5 43 L32 24 L41.5 43 L51 17" fill="none" stroke="#ffffff" stroke-width="7.5" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="19" y="50" width="26" height="4.5" rx="2.25" fill="${ACCENT}"/>
</svg>
`;
}

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A .ico holding one PNG-encoded 32x32 image (ICONDIR + one ICONDIRENTRY). */
function pngToIco(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // palette size
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, image]);
}

/** docs/product/site-pages.md "Search metadata": social card 1200x630. */
async function socialCard(): Promise<Buffer> {
  const width = 1200;
  const height = 630;
  const delivery = `${site.delivery.typical.replace(/s$/, "")} delivery`;
  const offer = `Starting at ${formatPrice(site.pricing.startingPrice)} · ${delivery}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND_900}"/>
      <stop offset="1" stop-color="${BRAND_700}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1010" cy="300" r="250" fill="#ffffff" opacity=".06"/>
  <circle cx="1010" cy="300" r="190" fill="#ffffff" opacity=".06"/>
  <g transform="translate(80 72) scale(1.1)">
    <rect width="64" height="64" rx="14" fill="#ffffff" opacity=".12"/>
    <path d="M13 17 L22.5 43 L32 24 L41.5 43 L51 17" fill="none" stroke="#ffffff" stroke-width="7.5" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="19" y="50" width="26" height="4.5" rx="2.25" fill="${ACCENT}"/>
  </g>
  <text x="176" y="124" font-family="${FONT}" font-size="40" font-weight="700" fill="#ffffff">${escapeXml(site.brand)}</text>
  <text font-family="${FONT}" font-size="62" font-weight="700" fill="#ffffff" letter-spacing="-1">
    <tspan x="80" y="268">Custom websites for</tspan>
    <tspan x="80" y="342">Rhode Island small</tspan>
    <tspan x="80" y="416">businesses</tspan>
  </text>
  <rect x="80" y="456" width="636" height="60" rx="30" fill="${ACCENT}"/>
  <text x="398" y="496" text-anchor="middle" font-family="${FONT}" font-size="29" font-weight="700" fill="${BRAND_900}">${escapeXml(offer)}</text>
  <text x="80" y="574" font-family="${FONT}" font-size="30" fill="#d6ebf7">${escapeXml(site.productionHost)}</text>
</svg>
`;
  const avatar = await sharp(join(IMAGES, "avatar-tyler-wave.svg"), { density: 144 }).resize(380, 380).png().toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: avatar, left: 820, top: 110 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function manifest(): string {
  return `${JSON.stringify(
    {
      name: site.brand,
      short_name: site.brandShort,
      description: `${site.tagline}: custom websites for ${site.address.regionName} small businesses.`,
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: BRAND_900,
      background_color: "#ffffff",
      icons: [
        { src: "/images/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/images/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      ],
    },
    null,
    2,
  )}\n`;
}

async function main() {
  await mkdir(IMAGES, { recursive: true });
  // The avatar is needed by the social card; fail early with a clear message.
  await readFile(join(IMAGES, "avatar-tyler-wave.svg")).catch(() => {
    throw new Error("public/images/avatar-tyler-wave.svg is missing");
  });

  const outputs: Array<[string, Buffer | string]> = [
    [join(PUBLIC, "favicon.svg"), markSvg({ size: 64 })],
    [join(PUBLIC, "favicon.ico"), pngToIco(await png(markSvg(), 32), 32)],
    // iOS rounds the corners itself, so the touch icon is a full square.
    [join(IMAGES, "apple-touch-icon.png"), await png(markSvg({ rounded: false }), 180)],
    [join(IMAGES, "logo.png"), await png(markSvg(), 512)],
    [join(IMAGES, "icon-192.png"), await png(markSvg(), 192)],
    [join(IMAGES, "icon-512.png"), await png(markSvg(), 512)],
    [join(IMAGES, "social-card.png"), await socialCard()],
    [join(PUBLIC, "site.webmanifest"), manifest()],
  ];
  for (const [path, content] of outputs) {
    await writeFile(path, content);
    console.log(`wrote ${path.slice(ROOT.length + 1)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
