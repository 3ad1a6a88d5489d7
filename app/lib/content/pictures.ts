import manifest from "~/content/portfolio-pictures.json";

/**
 * The pictures of the portfolio (scripts/portfolio-pictures.ts draws them): one composition of
 * a site on a desktop and a phone, written as AVIF and WebP at several widths, named
 * /images/portfolio/{slug}-{width}.{avif|webp}. A post's featured image that names one of them
 * gets the whole set (`srcset`, true width and height); any other image is shown as it is.
 */
export const PICTURE_SIZE = { width: 1600, height: 1000 } as const;
export const PICTURE_WIDTHS = [480, 800, 1200, 1600] as const;
export const PICTURE_FORMATS = ["avif", "webp"] as const;
export const PICTURE_DIR = "/images/portfolio";

export interface PortfolioPicture {
  width: number;
  height: number;
  widths: number[];
  alt: string;
  /** What the picture was taken from (a hash), so an unchanged one is not taken again. */
  source: string;
}
export type PortfolioPictures = Record<string, PortfolioPicture>;

const pictures = manifest as PortfolioPictures;

export interface ResponsivePicture {
  width: number;
  height: number;
  alt: string;
  /** The fallback `src`: the WebP of the middle width. */
  src: string;
  sources: { type: string; srcSet: string }[];
}

/** The path of the picture of a slug at one width, the form a post's featured_image takes. */
export const picturePath = (slug: string, width: number = 1200, ext: string = "webp") =>
  `${PICTURE_DIR}/${slug}-${width}.${ext}`;

const PATTERN = /^\/images\/portfolio\/([\w-]+)-\d+\.(?:avif|webp)$/;

/** The responsive set of a featured image, when it is one of the portfolio's pictures. */
export function responsivePicture(src: string | null | undefined): ResponsivePicture | null {
  const slug = src ? PATTERN.exec(src.trim())?.[1] : undefined;
  const picture = slug ? pictures[slug] : undefined;
  if (!slug || !picture) return null;
  const middle = picture.widths.find((w) => w >= 1200) ?? picture.widths.at(-1)!;
  return {
    width: picture.width,
    height: picture.height,
    alt: picture.alt,
    src: picturePath(slug, middle, "webp"),
    sources: PICTURE_FORMATS.map((ext) => ({
      type: `image/${ext}`,
      srcSet: picture.widths.map((w) => `${picturePath(slug, w, ext)} ${w}w`).join(", "),
    })),
  };
}
