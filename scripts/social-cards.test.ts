import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cities } from "../app/content/cities";
import { industries } from "../app/content/industries";
import { socialCardPath } from "../app/lib/social-cards";
import { root } from "./build-stamp.mjs";
import { socialCards } from "./social-cards";

describe("social cards", () => {
  it("cover every city, industry and shipped blog page, each with a title", () => {
    const cards = socialCards();
    for (const city of cities) expect(cards).toContainEqual(expect.objectContaining({ kind: "city", slug: city.slug }));
    for (const industry of Object.values(industries))
      expect(cards).toContainEqual(expect.objectContaining({ kind: "industry", slug: industry.slug }));
    expect(cards.filter((card) => card.kind === "blog").length).toBeGreaterThan(0);
    for (const card of cards) expect(card.title.trim()).not.toBe("");
  });

  it("are in the build, 1200x630 PNGs", async () => {
    // `npm test` builds first; the journeys and this test read the same build.
    const built = path.join(root, "build/client");
    expect(existsSync(built), "run the build first").toBe(true);
    for (const card of socialCards()) {
      const file = path.join(built, socialCardPath(card.kind, card.slug));
      const { width, height, format } = await sharp(file).metadata();
      expect({ file: path.basename(file), width, height, format }).toEqual({
        file: path.basename(file),
        width: 1200,
        height: 630,
        format: "png",
      });
    }
  });
});
