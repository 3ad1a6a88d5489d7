/**
 * Only web addresses become links: owner-typed live URLs never run script (javascript:, data:).
 * A path on this site (a demo at /demo-sites/..., a concept at /concept-sites/...) is one too.
 */
export const webUrl = (value: string | null | undefined): string | undefined => {
  const url = value?.trim();
  if (!url) return undefined;
  return /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?![/\\])[^\s]*$/.test(url) ? url : undefined;
};

/** A portfolio entry's full write-up: its case study, read at /blog/{slug}. */
export const caseStudyPath = (slug: string) => `/blog/${slug}`;
