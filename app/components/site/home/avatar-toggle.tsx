import { useEffect, useRef, useState } from "react";
import { site } from "~/config/site";

/** docs/product/site-pages.md "Home": avatar animation 1000 ms */
export const AVATAR_ANIMATION_MS = 1000;

const AVATARS = [
  { src: "/images/avatar-tyler.svg", alt: `Illustrated portrait of ${site.owner.firstName}, smiling` },
  { src: "/images/avatar-tyler-wave.svg", alt: `Illustrated portrait of ${site.owner.firstName}, waving hello` },
] as const;

/**
 * The owner's picture (docs/product/site-pages.md "Home": the avatar): each click swaps the picture
 * and plays a 1 s flip; clicks while it plays are ignored.
 */
export function AvatarToggle() {
  const [index, setIndex] = useState(0);
  const [animating, setAnimating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // Warm the cache with the other picture so the first swap never flashes.
    const other = new Image();
    other.src = AVATARS[1].src;
    return () => clearTimeout(timer.current);
  }, []);

  function handleClick() {
    if (animating) return;
    setAnimating(true);
    setIndex((current) => (current + 1) % AVATARS.length);
    timer.current = setTimeout(() => setAnimating(false), AVATAR_ANIMATION_MS);
  }

  const avatar = AVATARS[index] ?? AVATARS[0];

  return (
    <div className="relative mx-auto w-fit">
      <button
        type="button"
        onClick={handleClick}
        aria-label={`Switch ${site.owner.firstName}'s photo`}
        className="block rounded-full p-2 perspective-[800px] transition hover:scale-[1.02] focus-visible:outline-offset-4"
        data-animating={animating || undefined}
      >
        <img
          src={avatar.src}
          alt={avatar.alt}
          width={320}
          height={320}
          fetchPriority="high"
          decoding="async"
          className={`h-56 w-56 rounded-full shadow-xl ring-8 ring-white sm:h-72 sm:w-72 lg:h-80 lg:w-80 ${
            animating ? "animate-avatar-flip" : ""
          }`}
        />
      </button>
      <p
        aria-hidden="true"
        className="pointer-events-none absolute -top-1 right-0 rotate-6 rounded-2xl rounded-bl-sm bg-accent-400 px-3 py-1.5 text-sm font-bold text-slate-900 shadow-md sm:-right-4"
      >
        Click me!
      </p>
    </div>
  );
}
