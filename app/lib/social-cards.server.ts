import { existsSync } from "node:fs";
import path from "node:path";
import { socialCardPath, type SocialCardKind } from "./social-cards";

/**
 * The card's address when the build drew one (pages known at build time); null for a page added
 * since (a post written in the back office), which keeps its picture or the site's card.
 */
export function builtSocialCard(kind: SocialCardKind, slug: string): string | null {
  const url = socialCardPath(kind, slug);
  return existsSync(path.join(process.cwd(), "build", "client", url)) ? url : null;
}
