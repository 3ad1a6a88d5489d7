/**
 * Shapes of the marketing pages' copy (docs/product/site-pages.md "Services and pricing pages").
 * Relative imports only in app/content/marketing: the page registry loads these modules from the
 * build config, where the "~" alias does not exist.
 */

/** A titled point: an included item, a principle, a tip. */
export interface Point {
  title: string;
  text: string;
}

/** One step of a process, shown numbered. */
export interface ProcessStep {
  name: string;
  /** When it happens, e.g. "Day one". */
  when?: string;
  text: string;
  /** What the client does or gets in this step. */
  details?: readonly string[];
}

/** Something not offered, and where to go instead. */
export interface NotOffered {
  title: string;
  text: string;
  instead: string;
}

export interface Question {
  question: string;
  answer: string;
}

/** A titled group of short lines (what's included, what is not). */
export interface ItemGroup {
  title: string;
  intro: string;
  items: readonly string[];
}

export interface PriceTier {
  name: string;
  price: number;
  /** Who it suits, in one line. */
  bestFor: string;
  delivery: string;
  features: readonly string[];
  /** Shown highlighted. */
  popular?: boolean;
}

/** A label and its value, e.g. "Simple sites" and "3-7 days". */
export interface Fact {
  label: string;
  value: string;
}
