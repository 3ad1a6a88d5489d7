/**
 * The import rules `npm run lint` holds the sources to (scripts/lint/check-imports.ts), as plain
 * functions of the import graph, so a test can show each rule failing (import-rules.test.ts).
 * Paths are relative to the project root, with forward slashes.
 */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * What the server may import from app/: the contracts it shares with the browser, the business
 * facts, the site's copy, and these pure modules (no React, no browser API). Anything else in app/
 * is the browser's: a component, a hook, a page.
 */
export const SERVER_MAY_IMPORT_FROM_APP = [
  "app/contracts/",
  "app/config/",
  "app/content/",
  /** The type of the loaders' context the server fills. */
  "app/lib/content/load-context.ts",
  /** The CSV cells of the exports. */
  "app/lib/csv.ts",
  /** The site search's query limit. */
  "app/lib/search.ts",
  /** Field errors from a Zod error, as the forms show them. */
  "app/lib/validation.ts",
  /** Whether the chat is in business hours (the widget and the server agree). */
  "app/lib/chat/business-hours.ts",
  /** One clock: instants in the business's time zone, the zone named (the PDFs, the e-mails, the screens). */
  "app/lib/time/zoned.ts",
  /** The words of the values in the CSV exports (statuses, sources, types, events). */
  "app/lib/admin/contacts.ts",
  "app/lib/admin/projects.ts",
  "app/lib/admin/analytics.ts",
  /** One clock: every time of a quote, invoice or payment in the business's zone, the zone named. */
  "app/lib/time/zoned.ts",
] as const;

/** Tests may drive the server with what the browser sends (an e-mail template the owner picks). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export function serverBoundaryProblems(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith("server/") || isTest(file)) continue;
    for (const target of targets)
      if (target.startsWith("app/") && !SERVER_MAY_IMPORT_FROM_APP.some((allowed) => target.startsWith(allowed)))
        problems.push(
          `server boundary: ${file} imports ${target}; the server may import from app/ only ${SERVER_MAY_IMPORT_FROM_APP.join(", ")} (scripts/lint/import-rules.ts)`,
        );
  }
  return problems;
}

const ADMIN = "app/components/admin/";
/** What every admin screen shares: the primitives, the markdown editor and the media picker. */
export const ADMIN_SHARED = [`${ADMIN}ui/`, `${ADMIN}editor/`, `${ADMIN}media/media-picker`] as const;

/** The feature folder of an admin component (`contacts` for app/components/admin/contacts/x.tsx), if any. */
const adminFeature = (file: string) =>
  file.startsWith(ADMIN) ? /^([^/]+)\//.exec(file.slice(ADMIN.length))?.[1] : undefined;

/**
 * An admin feature folder (contacts, projects, billing...) imports another feature only through its
 * face, `index.ts`, which names what the feature offers the others; its other files are its own.
 * The kit (admin/ui/: primitives only), the editor and the media picker are open to every screen.
 */
export function adminFeatureProblems(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const feature = adminFeature(file);
    if (!feature || ADMIN_SHARED.some((shared) => file.startsWith(shared))) continue;
    for (const target of targets) {
      const other = adminFeature(target);
      if (!other || other === feature || ADMIN_SHARED.some((shared) => target.startsWith(shared))) continue;
      if (target === `${ADMIN}${other}/index.ts`) continue;
      problems.push(
        `admin boundary: ${file} imports ${target}, an inner file of the ${other} feature; import it from ${ADMIN}${other}/index.ts, the feature's face (scripts/lint/import-rules.ts)`,
      );
    }
  }
  return problems;
}

/** Tarjan's strongly connected components: each of more than one module (or a module importing itself) holds a cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return components;
}

/** The shortest path from `start` back to itself inside one component (breadth-first). */
export function shortestCycle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export function cycleProblems(graph: ImportGraph): string[] {
  return importCycles(graph).map((component) => {
    const start = [...component].sort()[0]!;
    const cycle = shortestCycle(graph, start, new Set(component));
    const others = component.length > cycle.length - 1 ? ` (${component.length} modules in this tangle)` : "";
    return `import cycle: ${cycle.join(" -> ")}${others}`;
  });
}
