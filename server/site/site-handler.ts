import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageShells } from "~/content/registry";
import type { ContentReader, SiteLoadContext } from "~/lib/content/load-context";
import { MAX_QUERY_LENGTH } from "~/lib/search";
import { memoizedContent } from "./content-memo";
import { loadFirstPaint, type FirstPaint } from "./first-paint";
import { createNonce, htmlCsp, inlineScriptHashes, inlineStyleHashes } from "./csp";
import { loadStaticFiles, REVALIDATE, serveStaticFile, type StaticFile } from "./static-files";
import { addTagToPages, analyticsHostsTag, withHeadTag } from "./analytics-hosts";

/**
 * Everything that is not /api: files of the client build and prerendered
 * pages from memory, then React Router's server render for the rest. Public
 * pages rendered here get their critical CSS inlined and their scripts preloaded
 * at low priority (first-paint.ts), as the prerendered ones did at build.
 */
export interface SiteHandler {
  handle(request: Request): Promise<Response>;
  /** Number of files served from memory (for logs and tests). */
  staticCount: number;
  /** Forgets every cached page (content changed). */
  invalidate(): void;
}

export interface SiteHandlerOptions {
  clientDir?: string;
  /** Loads the server build; called per request in development (fresh modules), once in production. */
  getBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  /** Published posts for the pages' loaders (blog, portfolio). */
  content?: ContentReader;
  /** Server-rendered pages kept in memory until invalidate(): the content pages. */
  cacheable?: (pathname: string) => boolean;
  /** Prepares a rendered page for its first paint; by default from the build beside clientDir (production). */
  firstPaint?: FirstPaint;
  /** ANALYTICS_HOSTS: hosts whose pages count visits besides the production host (analytics-hosts.ts). */
  analyticsHosts?: readonly string[];
}

/**
 * The back office (/admin, /login) is rendered in the browser behind sign-in: no
 * critical CSS, and its UI libraries (dialogs, toasts, the editor) insert <style>
 * elements as they run, so its CSP keeps inline styles (never inline scripts).
 */
const BACK_OFFICE = /^\/(?:admin|login)(?:\/|$)/;

/** Rendered pages kept per address; small, since only content pages are cached. */
const PAGE_CACHE_LIMIT = 500;

/**
 * Search result pages are cached too, one per distinct query (other parameters and
 * surrounding spaces ignored), in a smaller cache of their own so made-up queries
 * never push out a blog page. Many queries are asked once: they are compressed at
 * a quality that costs about as much as the render, not eleven times more.
 */
const SEARCH_PATH = "/search";
const SEARCH_CACHE_LIMIT = 100;
const SEARCH_BROTLI_QUALITY = 5;
const searchKey = (url: URL) =>
  `${SEARCH_PATH}?q=${encodeURIComponent((url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH))}`;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Hands a render's stored page to the requests that waited for it (undefined: none is coming). */
type Fill = (page: StaticFile | undefined) => void;

/**
 * A rendered content page made into a file like the prerendered ones: one fixed body
 * (its render nonce removed), a CSP of its inline scripts' hashes, brotli at the highest
 * quality and gzip computed once, an ETag for 304s. Compressing off the event loop, once
 * per content change, keeps a page of posts in a few TCP round trips on a slow phone.
 */
async function toCachedPage(html: string, nonce: string, brotliQuality = 11): Promise<StaticFile> {
  const text = html.replaceAll(` nonce="${nonce}"`, "");
  const body = Buffer.from(text, "utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: brotliQuality === 11 ? 9 : 6 }),
  ]);
  return {
    body,
    br,
    gzip: gz,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    contentType: "text/html; charset=utf-8",
    cacheControl: REVALIDATE,
    csp: htmlCsp({ scriptSources: inlineScriptHashes(text), styleSources: inlineStyleHashes(text) }),
  };
}

export function createSiteHandler({
  clientDir,
  getBuild,
  mode,
  content: reader,
  cacheable,
  firstPaint,
  analyticsHosts = [],
}: SiteHandlerOptions): SiteHandler {
  const pages = new Map<string, StaticFile>();
  const searches = new Map<string, StaticFile>();
  // Post lists read once per content change, shared by every loader (the search index among them).
  const memo = reader && mode === "production" ? memoizedContent(reader) : undefined;
  const content = memo ?? reader;
  // Bumped by invalidate(): a page rendered before a content change is never stored after it.
  let generation = 0;
  // A content page being rendered, by key: requests that miss the cache meanwhile wait for its
  // stored copy rather than each rendering it and compressing it at brotli 11 again. After a
  // content change, or on a cold start, a burst of visitors costs one render per page, not one
  // each (the first 100 at once had kept two cores busy for seconds).
  const filling = new Map<string, Promise<StaticFile | undefined>>();
  const files: Map<string, StaticFile> = clientDir ? loadStaticFiles(clientDir) : new Map();
  const hostsTag = analyticsHostsTag(analyticsHosts);
  addTagToPages(files, hostsTag);
  const development = mode === "development";
  const prepare = firstPaint ?? (clientDir && !development ? loadFirstPaint(clientDir) : undefined);
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const render = (request: Request, context: SiteLoadContext) => {
    if (development) return createRequestHandler(getBuild, mode)(request, context);
    handler ??= createRequestHandler(getBuild, mode);
    return handler(request, context);
  };

  return {
    staticCount: files.size,
    invalidate: () => {
      generation += 1;
      pages.clear();
      searches.clear();
      // Requests from now on render afresh; those already waiting get the render they joined.
      filling.clear();
      memo?.clear();
    },
    async handle(request) {
      const url = new URL(request.url);
      if (request.method === "GET" || request.method === "HEAD") {
        const file =
          files.get(url.pathname) ?? (url.pathname.endsWith("/") ? files.get(url.pathname.slice(0, -1)) : undefined);
        if (file) return serveStaticFile(file, request);
        const shell = pageShells.find((candidate) => candidate.pattern.test(url.pathname));
        const shellFile = shell ? files.get(shell.path) : undefined;
        if (shellFile) return serveStaticFile(shellFile, request);
        // A page asked for by its file name: one address per page, the folder's.
        if (url.pathname.endsWith("/index.html")) {
          const folder = url.pathname.slice(0, -"/index.html".length) || "/";
          if (files.has(folder))
            return new Response(null, {
              status: 301,
              headers: { Location: `${folder === "/" ? "/" : `${folder}/`}${url.search}` },
            });
        }
        if (url.pathname.startsWith("/assets/")) {
          return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
        }
      }
      // Pages have no actions: every form posts to /api. Answer other methods here
      // rather than letting the router log a missing action.
      if (request.method !== "GET" && request.method !== "HEAD") {
        return new Response("Method Not Allowed", {
          status: 405,
          headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
        });
      }
      const cspNonce = createNonce();
      const search = url.pathname === SEARCH_PATH;
      const store = search ? searches : pages;
      const limit = search ? SEARCH_CACHE_LIMIT : PAGE_CACHE_LIMIT;
      const key = search ? searchKey(url) : `${url.pathname}${url.search}`;
      const useCache = !development && request.method === "GET" && (search || !!cacheable?.(url.pathname));
      const cached = useCache ? store.get(key) : undefined;
      if (cached) return serveStaticFile(cached, request);
      const joined = useCache ? filling.get(key) : undefined;
      if (joined) {
        const page = await joined;
        if (page) return serveStaticFile(page, request);
        // Not stored (not a 200 page, or the render failed): this request renders for itself.
      }
      let fill: Fill | undefined;
      if (useCache && !joined) {
        const mine = new Promise<StaticFile | undefined>((resolve) => (fill = resolve));
        filling.set(key, mine);
        void mine.then(() => {
          if (filling.get(key) === mine) filling.delete(key);
        });
      }
      try {
        return await renderPage(request, url, cspNonce, { store, limit, key, useCache, search, fill });
      } catch (error) {
        fill?.(undefined);
        throw error;
      }
    },
  };

  /**
   * Renders a page; a content page is also made into a stored file, which `fill` hands to the
   * requests that waited for it (`fill(undefined)` when there will be none).
   */
  async function renderPage(
    request: Request,
    url: URL,
    cspNonce: string,
    cache: {
      store: Map<string, StaticFile>;
      limit: number;
      key: string;
      useCache: boolean;
      search: boolean;
      fill?: Fill;
    },
  ): Promise<Response> {
    const { store, limit, key, useCache, search, fill } = cache;
    let response = await render(request, { cspNonce, content });
    const type = response.headers.get("Content-Type") ?? "";
    const publicPage = type.startsWith("text/html") && !BACK_OFFICE.test(url.pathname);
    if (publicPage && !development && response.body) {
      // The whole page is needed to find its critical CSS (and to keep it): one string, not a stream.
      const rendered = await response.text();
      const body = withHeadTag(prepare ? prepare(rendered, cspNonce) : rendered, hostsTag);
      if (useCache && response.status === 200) {
        const renderedIn = generation;
        // This answer goes out as rendered; the stored, precompressed copy serves the next ones.
        void toCachedPage(body, cspNonce, search ? SEARCH_BROTLI_QUALITY : 11).then(
          (page) => {
            fill?.(page);
            if (renderedIn !== generation) return;
            if (store.size >= limit) store.delete(store.keys().next().value!);
            store.set(key, page);
          },
          (error: unknown) => {
            fill?.(undefined);
            console.error("Could not cache the page", key, error);
          },
        );
      } else fill?.(undefined);
      response = new Response(body, { status: response.status, headers: response.headers });
      response.headers.set(
        "Content-Security-Policy",
        htmlCsp({ scriptSources: [`'nonce-${cspNonce}'`], styleSources: inlineStyleHashes(body) }),
      );
      return response;
    }
    fill?.(undefined);
    if (type.startsWith("text/html") && !response.headers.has("Content-Security-Policy")) {
      response.headers.set(
        "Content-Security-Policy",
        htmlCsp({
          scriptSources: [`'nonce-${cspNonce}'`],
          styleSources: publicPage ? [] : undefined,
          development,
        }),
      );
    }
    return response;
  }
}
