/**
 * `npm run lint`: fails on any import cycle among the sources in app/ and server/, printing each one.
 *
 * Imports are resolved by TypeScript itself (tsconfig.json's paths, so `~/` and `@server/` too).
 * Type-only imports count: a cycle through types still ties the modules' designs together, and
 * moving the shared type to a module of its own (as server/lib/app-env.ts does) is always possible.
 */
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const scanned = ["app", "server"].map((dir) => path.join(root, dir) + path.sep);

const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json");
if (!configPath) throw new Error("No tsconfig.json found");
const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(configPath, ts.sys.readFile).config,
  ts.sys,
  path.dirname(configPath),
);
const host = ts.createCompilerHost(config.options);

const isSource = (file: string) =>
  scanned.some((dir) => file.startsWith(dir)) && /\.(ts|tsx)$/.test(file) && !/\.d\.ts$/.test(file);
const sources = config.fileNames.map((file) => path.resolve(file)).filter(isSource);

/** Every module specifier a file imports or re-exports, with dynamic import() and require() calls. */
function specifiers(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const graph = new Map<string, string[]>();
const problems: string[] = [];
for (const fileName of sources) {
  const text = ts.sys.readFile(fileName) ?? "";
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edges = new Set<string>();
  for (const specifier of specifiers(file)) {
    const resolved = ts.resolveModuleName(specifier, fileName, config.options, host).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const target = path.resolve(resolved.resolvedFileName);
    if (isSource(target)) edges.add(target);
  }
  graph.set(fileName, [...edges]);
}

// Tarjan's strongly connected components: each component of more than one module (or a module
// importing itself) holds at least one cycle; one shortest cycle through it is printed.
let index = 0;
const indices = new Map<string, number>();
const lowlinks = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
function connect(node: string) {
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
}
for (const node of graph.keys()) if (!indices.has(node)) connect(node);

/** The shortest path from `start` back to itself inside one component (breadth-first). */
function shortestCycle(start: string, members: Set<string>): string[] {
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

for (const component of components) {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cycle = shortestCycle(start, members).map((file) => path.relative(root, file));
  const others = component.length > cycle.length - 1 ? ` (${component.length} modules in this tangle)` : "";
  problems.push(`import cycle: ${cycle.join(" -> ")}${others}`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} import cycle(s) in app/ and server/ (scripts/check-cycles.ts)`);
  process.exit(1);
}
console.log(`No import cycles in the ${graph.size} modules of app/ and server/.`);
