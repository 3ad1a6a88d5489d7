import { describe, expect, it } from "vitest";
import manifest from "~/content/portfolio-pictures.json";
import { picturePath, responsivePicture } from "./pictures";

describe("responsivePicture", () => {
  const slug = Object.keys(manifest)[0]!;

  it("gives a portfolio picture its AVIF and WebP widths, true size and a WebP fallback", () => {
    const picture = responsivePicture(picturePath(slug));
    expect(picture).toMatchObject({ width: 1600, height: 1000, src: picturePath(slug, 1200, "webp") });
    expect(picture!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture!.sources[0]!.srcSet).toBe(
      [480, 800, 1200, 1600].map((w) => `/images/portfolio/${slug}-${w}.avif ${w}w`).join(", "),
    );
  });

  it("leaves any other image alone", () => {
    expect(responsivePicture("/images/projects/x.svg")).toBeNull();
    expect(responsivePicture("/images/portfolio/not-a-project-1200.webp")).toBeNull();
    expect(responsivePicture("https://example.com/images/portfolio/a-1200.webp")).toBeNull();
    expect(responsivePicture(null)).toBeNull();
  });
});
