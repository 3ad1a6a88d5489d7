import { site } from "~/config/site";
import { MapPinIcon } from "~/components/ui/icons";

interface AboutPortraitProps {
  alt: string;
  /** The smaller copy above the story, shown only where the hero's picture is hidden (below lg). */
  compact?: boolean;
}

/** The owner's illustrated portrait with where he works from. */
export function AboutPortrait({ alt, compact }: AboutPortraitProps) {
  return (
    <figure className={compact ? "order-first mx-auto w-fit lg:hidden" : "mx-auto w-fit"}>
      <img
        src="/images/avatar-tyler.svg"
        alt={alt}
        width={320}
        height={320}
        className={`mx-auto block rounded-full shadow-lg ring-8 ring-white ${compact ? "h-48 w-48" : "h-72 w-72 xl:h-80 xl:w-80"}`}
      />
      <figcaption className="mt-4 flex items-center justify-center gap-1.5 text-sm font-semibold text-slate-700">
        <MapPinIcon className="h-4 w-4 text-brand-700" />
        {site.owner.name}, {site.address.locality}, {site.address.regionName}
      </figcaption>
    </figure>
  );
}
