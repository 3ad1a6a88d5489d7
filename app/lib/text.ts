/** docs/product/site-pages.md "Search metadata": description truncation default 160 characters */
export const DESCRIPTION_MAX_LENGTH = 160;
/** docs/product/site-pages.md "Search metadata": keyword extraction default 10 words */
export const KEYWORD_COUNT = 10;

const ELLIPSIS = "...";

/**
 * Cuts text to at most `max` characters (ellipsis included) on a word
 * boundary, so a description never ends mid-word.
 */
export function truncateText(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = max - ELLIPSIS.length;
  const cut = clean.slice(0, room + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const body = (lastSpace > 0 ? cut.slice(0, lastSpace) : clean.slice(0, room)).replace(/[\s,;:.\-–—]+$/, "");
  return `${body}${ELLIPSIS}`;
}

const STOP_WORDS = new Set(
  (
    "about above after again against also because been before being below between both could does doing down during each " +
    "every from further have having here hers herself himself into itself just more most myself once only other ought ours " +
    "ourselves over own same should some such than that their theirs them themselves then there these they this those through " +
    "under until very what when where which while whom will with would your yours yourself yourselves we're you're it's " +
    "don't can't won't isn't aren't that's there's what's let's make made like want need well much many even still really"
  ).split(" "),
);

/**
 * The most frequent meaningful words of a text: words of 3 letters or fewer and stop words are
 * skipped (docs/product/site-pages.md "Search metadata"); ties keep first-seen order.
 */
export function extractKeywords(text: string, count = KEYWORD_COUNT): string[] {
  const words = text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*[a-z0-9]|[a-z0-9]/g) ?? [];
  const tally = new Map<string, number>();
  for (const word of words) {
    if (word.length <= 3 || STOP_WORDS.has(word)) continue;
    tally.set(word, (tally.get(word) ?? 0) + 1);
  }
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([word]) => word);
}

/** Words that read as abbreviations in titles ("westerly-web-design-ri" -> "... RI"). */
const UPPERCASE_WORDS: Record<string, string> = { ri: "RI", seo: "SEO", faq: "FAQ", diy: "DIY" };

/** "north-kingstown-web-design" -> "North Kingstown Web Design" */
export function titleFromSlug(slug: string): string {
  return decodeURIComponentSafe(slug)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => UPPERCASE_WORDS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
