import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import manifest from "../app/content/portfolio-pictures.json";
import { PICTURE_FORMATS, PICTURE_SIZE, picturePath, type PortfolioPictures } from "../app/lib/content/pictures";
import { root } from "./build-stamp.mjs";
import { portfolioEntries, sourceHash } from "./portfolio-pictures";

const pictures = manifest as PortfolioPictures;

describe("portfolio pictures", () => {
  const entries = portfolioEntries();

  it("every shipped entry has a site of ours and a picture taken from its current files", () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const picture = pictures[entry.slug];
      expect(picture, `${entry.slug} has no picture: run npm run pictures`).toBeDefined();
      expect(picture!.source, `${entry.slug}'s site changed since its picture: run npm run pictures`).toBe(
        sourceHash(entry),
      );
      expect(picture!.alt).toContain(entry.title);
    }
    expect(Object.keys(pictures).sort()).toEqual(entries.map((entry) => entry.slug).sort());
  });

  it("every entry shows its picture: the featured image is the 1200 px WebP", () => {
    for (const entry of entries) {
      const front = readFileSync(path.join(root, "content/portfolio", `${entry.slug}.md`), "utf8");
      expect(front).toMatch(new RegExp(`^featured_image: ${picturePath(entry.slug).replaceAll("/", "\\/")}$`, "m"));
    }
  });

  it("every width is there as AVIF and WebP, 16:10, of its stated size", async () => {
    for (const entry of entries) {
      const picture = pictures[entry.slug]!;
      expect({ width: picture.width, height: picture.height }).toEqual(PICTURE_SIZE);
      for (const width of picture.widths)
        for (const format of PICTURE_FORMATS) {
          const file = path.join(root, "public", picturePath(entry.slug, width, format));
          const meta = await sharp(file).metadata();
          expect({ file: path.basename(file), width: meta.width, height: meta.height, format: meta.format }).toEqual({
            file: path.basename(file),
            width,
            height: Math.round((width * PICTURE_SIZE.height) / PICTURE_SIZE.width),
            format: format === "avif" ? "heif" : "webp",
          });
        }
    }
  });
});
