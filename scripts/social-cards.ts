/**
 * Draws the Open Graph card (1200x630 PNG) of every city, industry, shipped blog page and case study
 * (with the picture of its site, scripts/portfolio-pictures.ts) into
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
import { picturePath, type PortfolioPictures } from "../app/lib/content/pictures";
import { portfolioEntries } from "./portfolio-pictures";

export interface SocialCard {
  kind: SocialCardKind;
  slug: string;
  label: string;
  title: string;
  /** A case study's picture (public/images/portfolio) and what it was taken from. */
  picture?: { file: string; source: string };
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

/** Each shipped portfolio entry's case study (read at /blog/{slug}), with the picture of its site. */
function caseStudyCards(): SocialCard[] {
  const pictures = JSON.parse(
    readFileSync(path.join(root, "app/content/portfolio-pictures.json"), "utf8"),
  ) as PortfolioPictures;
  return portfolioEntries().map((entry) => {
    const picture = pictures[entry.slug];
    return {
      kind: "blog" as const,
      slug: entry.slug,
      label: "Case study",
      title: entry.title,
      ...(picture
        ? { picture: { file: path.join(root, "public", picturePath(entry.slug, 800, "webp")), source: picture.source } }
        : {}),
    };
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
    ...caseStudyCards(),
  ];
}

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children },
});

/** The picture's box on a case study's card, right of its title. */
const PICTURE_BOX = { width: 520, height: 325 };

function cardTree(card: SocialCard, picture?: string): Node {
  const textWidth = picture ? WIDTH - 144 - PICTURE_BOX.width - 40 : WIDTH - 144;
  return h(
    "div",
    {
      // Satori sizes the content box: the padding comes on top of width and height.
      width: WIDTH - 144,
      height: HEIGHT - 128,
      display: "flex",
      flexDirection: "column",
      padding: "64px 72px",
      position: "relative",
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
      { display: "flex", flexDirection: "column", gap: 18, width: textWidth, marginTop: "auto" },
      h(
        "div",
        { fontSize: 28, fontWeight: 700, color: ACCENT, textTransform: "uppercase", letterSpacing: 1 },
        card.label,
      ),
      h(
        "div",
        {
          display: "flex",
          width: textWidth,
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
    ...(picture
      ? [
          {
            type: "img",
            props: {
              src: picture,
              width: PICTURE_BOX.width,
              height: PICTURE_BOX.height,
              style: {
                position: "absolute",
                right: 64,
                top: 150,
                borderRadius: 16,
                boxShadow: "0 20px 40px rgba(0,0,0,0.35)",
              },
            },
          },
        ]
      : []),
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
    const picture = card.picture
      ? `data:image/png;base64,${(
          await sharp(card.picture.file)
            .resize(PICTURE_BOX.width * 2)
            .png()
            .toBuffer()
        ).toString("base64")}`
      : undefined;
    const svg = await satori(cardTree(card, picture) as Parameters<typeof satori>[0], {
      width: WIDTH,
      height: HEIGHT,
      fonts,
    });
    writeFileSync(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
    writeFileSync(hashFile, hash);
    drawn++;
  }
  return { drawn, kept: cards.length - drawn };
}
