import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { staticPages } from "~/content/registry";
import { markdownToText } from "./content/markdown";
import { parsePortfolioContent, postMarkdown, type Post } from "~/contracts/post-content";
import { MAX_QUERY_LENGTH } from "./search";

/**
 * Full-text search over the site's own pages (the WebSite search action,
 * /search?q=). Each static page is indexed with its title, description,
 * keywords and the text of its prerendered HTML; published posts come from
 * the search page's loader as extra documents (`postDocuments`), other
 * sources can join through `registerSearchSource`.
 */
export interface SearchDocument {
  path: string;
  title: string;
  description: string;
  text: string;
}

export interface SearchResult {
  path: string;
  title: string;
  snippet: string;
  score: number;
}

export type SearchSource = () => Promise<SearchDocument[]>;
const sources: SearchSource[] = [];
export const registerSearchSource = (source: SearchSource) => void sources.push(source);

export { MAX_QUERY_LENGTH };

function clientBuildDir(): string | undefined {
  const candidates = [fileURLToPath(new URL("../client", import.meta.url)), path.resolve("build/client")];
  return candidates.find((dir) => existsSync(path.join(dir, "index.html")));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The visible text of a page's <main>, without scripts, navigation or markup. */
export function htmlToText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? html;
  return main
    .replace(/<(script|style|svg|noscript)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m)
    .replace(/\s+/g, " ")
    .trim();
}

/** A document with its fields lowercased once, when it is indexed, not per query. */
interface IndexedDocument {
  doc: SearchDocument;
  title: string;
  description: string;
  text: string;
}

const indexed = (doc: SearchDocument): IndexedDocument => ({
  doc,
  title: doc.title.toLowerCase(),
  description: doc.description.toLowerCase(),
  text: doc.text.toLowerCase(),
});

let staticIndex: IndexedDocument[] | undefined;
function staticDocuments(): IndexedDocument[] {
  if (staticIndex) return staticIndex;
  const dir = clientBuildDir();
  staticIndex = staticPages
    .filter((page) => !page.noindex)
    .map((page) => {
      const file = dir
        ? path.join(dir, page.path === "/" ? "index.html" : `${page.path.slice(1)}/index.html`)
        : undefined;
      const body = file && existsSync(file) ? htmlToText(readFileSync(file, "utf8")) : "";
      return {
        path: page.path,
        title: page.title ?? "Home",
        description: page.description,
        text: `${body} ${(page.keywords ?? []).join(" ")}`,
      };
    })
    .map(indexed);
  return staticIndex;
}

const tokenize = (value: string) => value.toLowerCase().match(/[a-z0-9$][a-z0-9'$-]*/g) ?? [];

function countHits(haystack: string, token: string): number {
  let count = 0;
  for (let at = haystack.indexOf(token); at !== -1; at = haystack.indexOf(token, at + token.length)) count++;
  return count;
}

function snippetFor({ doc, text: lower, description }: IndexedDocument, tokens: string[], size = 200): string {
  const at = Math.min(...tokens.map((t) => lower.indexOf(t)).filter((i) => i >= 0));
  if (!Number.isFinite(at) || description.includes(tokens[0]!)) return doc.description;
  const start = Math.max(0, doc.text.lastIndexOf(" ", Math.max(0, at - 60)));
  const text = doc.text.slice(start, start + size).trim();
  return `${start > 0 ? "..." : ""}${text}${start + size < doc.text.length ? "..." : ""}`;
}

/**
 * Published posts as search documents, each at /blog/{slug} (a portfolio project is read there
 * as its case study) with the text of its write-up; a project's tools are searched too.
 */
export function postDocuments(posts: readonly Post[]): SearchDocument[] {
  return posts.map((post) => {
    const text = markdownToText(postMarkdown(post));
    const tools = post.post_type === "portfolio" ? parsePortfolioContent(post.content).tech_stack.join(" ") : "";
    return {
      path: `/blog/${post.slug}`,
      title: post.title,
      description: post.excerpt?.trim() || text.slice(0, 200),
      text: `${text} ${tools ? `${tools} ` : ""}${post.tags ?? ""}`,
    };
  });
}

/**
 * The search index of a list of published posts: their documents, lowercased.
 * Built once per list object and kept while the object lives: the server hands
 * loaders the same list until content changes (server/site/content-memo.ts),
 * so a search request does no markdown or lowercasing work of its own.
 */
const postIndexes = new WeakMap<object, IndexedDocument[]>();
export function postIndex(list: { posts: readonly Post[] }): readonly IndexedDocument[] {
  let index = postIndexes.get(list);
  if (!index) {
    index = postDocuments(list.posts).map(indexed);
    postIndexes.set(list, index);
  }
  return index;
}

const isIndexed = (doc: SearchDocument | IndexedDocument): doc is IndexedDocument => "doc" in doc;

/**
 * Pages matching every word of the query, best first: title hits weigh most,
 * then description, then body. `extra` documents (published posts, as
 * documents or from `postIndex`) are searched with the static index.
 */
export async function searchSite(
  query: string,
  extra: readonly (SearchDocument | IndexedDocument)[] = [],
  limit = 20,
): Promise<SearchResult[]> {
  const tokens = [...new Set(tokenize(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, 12);
  if (tokens.length === 0) return [];
  const dynamic = sources.length
    ? (await Promise.all(sources.map((source) => source().catch(() => [])))).flat().map(indexed)
    : [];
  const results: SearchResult[] = [];
  const documents = [...staticDocuments(), ...dynamic, ...extra.map((doc) => (isIndexed(doc) ? doc : indexed(doc)))];
  for (const entry of documents) {
    const { doc, title, description, text } = entry;
    let score = 0;
    let all = true;
    for (const token of tokens) {
      const hits =
        countHits(title, token) * 8 + countHits(description, token) * 3 + Math.min(countHits(text, token), 10);
      if (hits === 0) all = false;
      score += hits;
    }
    if (all) results.push({ path: doc.path, title: doc.title, snippet: snippetFor(entry, tokens), score });
  }
  return results.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path)).slice(0, limit);
}
