import { createRequestHandler, type ServerBuild } from "react-router";
import { createNonce, htmlCsp } from "./csp";
import { loadStaticFiles, serveStaticFile, type StaticFile } from "./static-files";

/**
 * Everything that is not /api: files of the client build and prerendered
 * pages from memory, then React Router's server render for the rest.
 */
export interface SiteHandler {
  handle(request: Request): Promise<Response>;
  /** Number of files served from memory (for logs and tests). */
  staticCount: number;
}

export interface SiteHandlerOptions {
  clientDir?: string;
  /** Loads the server build; called per request in development (fresh modules), once in production. */
  getBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
}

export function createSiteHandler({ clientDir, getBuild, mode }: SiteHandlerOptions): SiteHandler {
  const files: Map<string, StaticFile> = clientDir ? loadStaticFiles(clientDir) : new Map();
  const development = mode === "development";
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const render = (request: Request, context: { cspNonce: string }) => {
    if (development) return createRequestHandler(getBuild, mode)(request, context);
    handler ??= createRequestHandler(getBuild, mode);
    return handler(request, context);
  };

  return {
    staticCount: files.size,
    async handle(request) {
      const url = new URL(request.url);
      if (request.method === "GET" || request.method === "HEAD") {
        const file =
          files.get(url.pathname) ?? (url.pathname.endsWith("/") ? files.get(url.pathname.slice(0, -1)) : undefined);
        if (file) return serveStaticFile(file, request);
        // A page asked for by its file name: one address per page, the folder's.
        if (url.pathname.endsWith("/index.html")) {
          const folder = url.pathname.slice(0, -"/index.html".length) || "/";
          if (files.has(folder)) return new Response(null, { status: 301, headers: { Location: `${folder === "/" ? "/" : `${folder}/`}${url.search}` } });
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
      const response = await render(request, { cspNonce });
      const type = response.headers.get("Content-Type") ?? "";
      if (type.startsWith("text/html") && !response.headers.has("Content-Security-Policy")) {
        response.headers.set(
          "Content-Security-Policy",
          htmlCsp({ scriptSources: [`'nonce-${cspNonce}'`], development }),
        );
      }
      return response;
    },
  };
}
