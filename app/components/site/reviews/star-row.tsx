import { starsText } from "~/contracts/review-terms";

/** One star, filled or outlined; decorative (its text is said by whoever shows it). */
export function StarIcon({ filled, className = "size-5" }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.5}
    >
      <path
        strokeLinejoin="round"
        d="M12 2.75l2.84 5.76 6.36.92-4.6 4.49 1.08 6.33L12 17.26l-5.68 2.99 1.08-6.33-4.6-4.49 6.36-.92L12 2.75z"
      />
    </svg>
  );
}

/** A review's stars as an image with its text equivalent ("4 out of 5 stars"). */
export function StarRow({ stars, className = "size-5" }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={starsText(stars)} className="inline-flex gap-0.5 text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= stars} className={`${className} ${n <= stars ? "" : "text-slate-300"}`} />
      ))}
    </span>
  );
}
