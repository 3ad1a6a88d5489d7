import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { responsivePicture } from "~/lib/content/pictures";
import { PLACEHOLDER_IMAGE } from "~/contracts/post-content";

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` of a portfolio picture's `srcset` (its AVIF and WebP widths). */
  sizes?: string;
};

/**
 * An image that swaps to the placeholder once when it fails (docs/product/portfolio-and-demos.md
 * "Projects page"; docs/product/errors.md "Public site": image load failure). A server-rendered
 * image can fail before React has hydrated and attached onError, so the first effect checks for
 * that too. A portfolio picture (scripts/portfolio-pictures.ts) comes as a `<picture>` with its
 * AVIF and WebP widths; `sizes` says how wide it is shown.
 */
export function FallbackImage({
  src,
  alt,
  loading = "lazy",
  decoding = "async",
  sizes = "100vw",
  ...rest
}: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const current = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  const picture = current === PLACEHOLDER_IMAGE ? null : responsivePicture(current);

  useEffect(() => {
    const img = ref.current;
    if (!img || current === PLACEHOLDER_IMAGE || !img.complete || img.naturalWidth > 0) return;
    // Looks broken (or has no intrinsic size): ask once more before swapping.
    const probe = new Image();
    probe.onerror = () => setFailed(current);
    probe.src = current;
    return () => {
      probe.onerror = null;
    };
  }, [current]);

  const img = (
    <img
      ref={ref}
      src={picture?.src ?? current}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => setFailed(wanted)}
      {...rest}
    />
  );
  if (!picture) return img;
  return (
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
