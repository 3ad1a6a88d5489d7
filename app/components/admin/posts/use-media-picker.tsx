import { useCallback, useRef, useState } from "react";
import type { PickedImage } from "~/components/admin/editor/types";
import { MediaPicker, type PickedMedia } from "~/components/admin/media/media-picker";

/** The picked file's name without its extension: the image's alt text in the editor. */
export const altFromName = (name: string) => name.replace(/\.[^./\\]+$/, "").trim();

export const toPickedImage = (item: PickedMedia): PickedImage => ({
  url: item.url,
  alt: altFromName(item.original_name),
});

/**
 * One 'Select Image' picker per form (docs/product/media.md "The media picker"), opened as a
 * promise: the choice, or null when the owner closes it.
 */
export function useMediaPicker() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((item: PickedMedia | null) => void) | null>(null);

  const settle = (item: PickedMedia | null) => {
    pending.current?.(item);
    pending.current = null;
  };

  const pick = useCallback(
    () =>
      new Promise<PickedMedia | null>((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const picker = (
    <MediaPicker
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) settle(null);
      }}
      onSelect={settle}
    />
  );
  return { pick, picker };
}
