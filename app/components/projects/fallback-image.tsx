import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { PLACEHOLDER_IMAGE } from "~/lib/content/posts";

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
};

/**
 * An image that swaps to the placeholder once when it fails (public-site spec 8
 * "Image load failure"). A server-rendered image can fail before React has
 * hydrated and attached onError, so the first effect checks for that too.
 */
export function FallbackImage({ src, alt, loading = "lazy", decoding = "async", ...rest }: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const current = failed === wanted ? PLACEHOLDER_IMAGE : wanted;

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

  return (
    <img
      ref={ref}
      src={current}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => setFailed(wanted)}
      {...rest}
    />
  );
}
