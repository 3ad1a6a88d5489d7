/**
 * Draws the Open Graph card (1200x630 PNG) of every city, industry and shipped blog page into
 * public/images/social/ (not committed, and not an input of the build stamp; the build runs
 * this before the client build, which copies public/). Text becomes outlines (satori, with the Inter font from @fontsource), so the
 * cards look the same on any machine; sharp turns the SVG into a PNG. A card whose text and
 * drawing are unchanged is kept: only new or changed cards are drawn again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import satori from "satori";
import sharp from "sharp";
import { formatPrice, site } from "../app/config/site";
import { cities } from "../app/content/cities";
import { industries } from "../app/content/industries";
import { socialCardPath, SOCIAL_CARD_DIR, type SocialCardKind } from "../app/lib/social-cards";
import { root } from "./build-stamp.mjs";

export interface SocialCard {
  kind: SocialCardKind;
  slug: string;
  label: string;
  title: string;
}

const WIDTH = 1200;
const HEIGHT = 630;
const BRAND_900 = "#0f3d5e";
const BRAND_700 = "#17527c";
const ACCENT = "#ffb347";
/** This script's own text: a change to the drawing draws every card again. */
const DESIGN = readFileSync(fileURLToPath(import.meta.url), "utf8");

const font = (weight: 700 | 800) =>
  readFileSync(path.join(root, `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

/** The title of a shipped blog post, from its front matter. */
function blogCards(): SocialCard[] {
  const dir = path.join(root, "content/blog");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .flatMap((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const field = (name: string) =>
        new RegExp(`^${name}:\\s*"?(.*?)"?\\s*$`, "m").exec(text.split(/^---\s*$/m)[1] ?? "")?.[1];
      const slug = field("slug") ?? file.replace(/\.md$/, "");
      const title = field("title");
      return title ? [{ kind: "blog" as const, slug, label: "From the blog", title }] : [];
    });
}

export function socialCards(): SocialCard[] {
  return [
    ...cities.map((city) => ({
      kind: "city" as const,
      slug: city.slug,
      label: `Web design in ${city.name}, RI`,
      title: city.seo.title,
    })),
    ...Object.values(industries).map((industry) => ({
      kind: "industry" as const,
      slug: industry.slug,
      label: industry.hero.eyebrow,
      title: industry.hero.title,
    })),
    ...blogCards(),
  ];
}

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children },
});

function cardTree(card: SocialCard): Node {
  return h(
    "div",
    {
      // Satori sizes the content box: the padding comes on top of width and height.
      width: WIDTH - 144,
      height: HEIGHT - 128,
      display: "flex",
      flexDirection: "column",
      padding: "64px 72px",
      background: `linear-gradient(135deg, ${BRAND_900} 0%, ${BRAND_700} 100%)`,
      color: "#ffffff",
      fontFamily: "Inter",
    },
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 20 },
      h(
        "div",
        {
          display: "flex",
          width: 64,
          height: 64,
          borderRadius: 14,
          background: "#ffffff",
          color: BRAND_900,
          fontSize: 40,
          fontWeight: 800,
          alignItems: "center",
          justifyContent: "center",
        },
        "W",
      ),
      h("div", { fontSize: 32, fontWeight: 800 }, site.brand),
    ),
    h(
      "div",
      { display: "flex", flexDirection: "column", gap: 18, width: WIDTH - 144, marginTop: "auto" },
      h(
        "div",
        { fontSize: 28, fontWeight: 700, color: ACCENT, textTransform: "uppercase", letterSpacing: 1 },
        card.label,
      ),
      h(
        "div",
        {
          display: "flex",
          width: WIDTH - 144,
          fontSize: card.title.length > 60 ? 52 : 62,
          fontWeight: 800,
          lineHeight: 1.12,
        },
        card.title,
      ),
    ),
    h(
      "div",
      {
        display: "flex",
        width: WIDTH - 144,
        marginTop: 48,
        justifyContent: "space-between",
        fontSize: 26,
        fontWeight: 700,
        color: "#dbeafe",
      },
      h("div", {}, `Custom websites from ${formatPrice(site.pricing.startingPrice)}`),
      h("div", {}, site.phone.display),
    ),
  );
}

const hashOf = (card: SocialCard) =>
  createHash("sha256")
    .update(JSON.stringify([DESIGN, card, site.brand, site.phone.display, site.pricing.startingPrice]))
    .digest("hex");

/** Draws the cards that are missing or changed; answers how many were drawn and kept. */
export async function writeSocialCards(outDir = path.join(root, "public", SOCIAL_CARD_DIR)) {
  mkdirSync(outDir, { recursive: true });
  const fonts = [
    { name: "Inter", data: font(700), weight: 700 as const, style: "normal" as const },
    { name: "Inter", data: font(800), weight: 800 as const, style: "normal" as const },
  ];
  const cards = socialCards();
  const wanted = new Set(cards.map((card) => path.basename(socialCardPath(card.kind, card.slug))));
  const hashDir = path.join(root, "node_modules/.cache/social-cards");
  mkdirSync(hashDir, { recursive: true });
  for (const file of readdirSync(outDir)) if (!wanted.has(file)) rmSync(path.join(outDir, file));
  let drawn = 0;
  for (const card of cards) {
    const name = path.basename(socialCardPath(card.kind, card.slug));
    const file = path.join(outDir, name);
    const hashFile = path.join(hashDir, `${name}.sha256`);
    const hash = hashOf(card);
    if (existsSync(file) && existsSync(hashFile) && readFileSync(hashFile, "utf8") === hash) continue;
    const svg = await satori(cardTree(card) as Parameters<typeof satori>[0], { width: WIDTH, height: HEIGHT, fonts });
    writeFileSync(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
    writeFileSync(hashFile, hash);
    drawn++;
  }
  return { drawn, kept: cards.length - drawn };
}
