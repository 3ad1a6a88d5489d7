import { site } from "~/config/site";

/** Three dark backgrounds, each light text reads on (white and the accent above 4.5:1). */
const TONES = [
  "bg-linear-to-br from-brand-800 to-brand-900",
  "bg-linear-to-br from-slate-800 to-brand-900",
  "bg-linear-to-tr from-brand-900 to-brand-800",
] as const;

/** The same tone for the same post on every render: a small hash of its slug. */
function toneOf(slug: string): string {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

/**
 * The picture of a post that has none of its own: the business's mark, what kind of post it is and
 * its first tag, drawn in CSS (no request, sharp at any size). Decorative: the card's heading
 * names the post.
 */
export function ArticleCover({ slug, tags, caseStudy }: { slug: string; tags: readonly string[]; caseStudy: boolean }) {
  const topic = tags[0] ?? (caseStudy ? "Client project" : "Small business websites");
  return (
    <div
      aria-hidden="true"
      data-article-cover=""
      className={`flex aspect-16/10 w-full flex-col justify-between overflow-hidden p-5 text-white transition duration-300 group-hover:scale-[1.02] sm:p-6 ${toneOf(slug)}`}
    >
      <span className="flex items-center gap-2 text-sm font-semibold text-white/90">
        <span className="grid h-7 w-7 place-items-center rounded-md bg-white text-base font-black text-brand-900">
          {site.brand.charAt(0)}
        </span>
        {site.brand}
      </span>
      <span>
        <span className="block text-xs font-semibold uppercase tracking-wider text-accent-400">
          {caseStudy ? "Case study" : "From the blog"}
        </span>
        <span className="mt-1 line-clamp-2 text-2xl font-bold leading-tight">{topic}</span>
      </span>
    </div>
  );
}
