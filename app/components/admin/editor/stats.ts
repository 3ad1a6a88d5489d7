import { countWords } from "~/contracts/post-content";

// docs/product/posts-and-portfolio.md "Markdown editor": words split on whitespace, 200 words a
// minute, rounded up.
export const WORDS_PER_MINUTE = 200;

export interface EditorStats {
  words: number;
  characters: number;
  minutes: number;
}

/**
 * The status bar's counts. Unlike the public page's `minutesToRead` (at least 1 for a post that
 * exists), an empty editor reads '0 min read', as the formula of
 * docs/product/posts-and-portfolio.md "Markdown editor" gives.
 */
export function editorStats(text: string): EditorStats {
  const words = countWords(text);
  return { words, characters: Array.from(text).length, minutes: Math.ceil(words / WORDS_PER_MINUTE) };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function statsLabels({ words, characters, minutes }: EditorStats) {
  return {
    words: plural(words, "word", "words"),
    characters: plural(characters, "character", "characters"),
    minutes: `${minutes.toLocaleString("en-US")} min read`,
  };
}
