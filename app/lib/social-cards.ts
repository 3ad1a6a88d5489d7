/**
 * Open Graph cards of their own for city, industry and blog pages: 1200x630 PNGs drawn at build
 * time (scripts/social-cards.ts) from each page's title, served from /images/social/.
 */
export type SocialCardKind = "city" | "industry" | "blog";

export const SOCIAL_CARD_DIR = "/images/social";

export const socialCardPath = (kind: SocialCardKind, slug: string) => `${SOCIAL_CARD_DIR}/${kind}-${slug}.png`;
