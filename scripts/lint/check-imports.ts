/**
 * `npm run lint`: fails on any import cycle among the sources in app/ and server/, and on an import
 * across a boundary (scripts/lint/import-rules.ts: what the server may take from app/, what one
 * admin screen may take from another), printing each one.
 *
 * Imports are resolved by TypeScript itself (tsconfig.json's paths, so `~/` and `@server/` too).
 * Type-only imports count: a cycle through types still ties the modules' designs together, and
 * moving the shared type to a module of its own (as server/lib/app-env.ts does) is always possible.
 */
import path from "node:path";
import ts from "typescript";
import { adminFeatureProblems, cycleProblems, serverBoundaryProblems } from "./import-rules";

const root = path.resolve(import.meta.dirname, "../..");
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

const relative = new Map(
  [...graph].map(([file, targets]) => [
    path.relative(root, file),
    targets.map((target) => path.relative(root, target)),
  ]),
);
problems.push(...cycleProblems(relative), ...serverBoundaryProblems(relative), ...adminFeatureProblems(relative));

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} import problem(s) in app/ and server/ (scripts/lint/check-imports.ts)`);
  process.exit(1);
}
console.log(`No import cycles or crossed boundaries in the ${graph.size} modules of app/ and server/.`);
