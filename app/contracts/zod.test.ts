import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("Zod in the browser", () => {
  it("is imported through ~/contracts/zod (jitless in the browser), never straight from zod", () => {
    const direct = sourceFiles(appDir)
      .filter((file) => !file.endsWith(path.join("contracts", "zod.ts")))
      .filter((file) => /^import\s+(?!type\b)[^;]*from\s+["']zod(\/[^"']*)?["']/m.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file));
    expect(direct).toEqual([]);
  });
});
