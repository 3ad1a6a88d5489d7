// Each journey file's time, summed over every run of its tests in the given Playwright JSON
// reports (E2E_JSON_REPORT; .ci/run writes one per pass), slowest first, with the share of the
// whole: where the next cut of CI time is, measured.
//   node scripts/e2e-times.mjs report-1.json [report-2.json ...] [--top N]
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const files = args.filter((a, i) => a !== "--top" && i !== topAt + 1);

/** spec file -> [milliseconds per report] */
const times = new Map();
function walk(suite, report) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) {
        const row = times.get(spec.file) ?? files.map(() => 0);
        row[report] += result.duration ?? 0;
        times.set(spec.file, row);
      }
  for (const child of suite.suites ?? []) walk(child, report);
}
files.forEach((file, report) => {
  for (const suite of JSON.parse(readFileSync(file, "utf8")).suites ?? []) walk(suite, report);
});

const rows = [...times].map(([file, row]) => ({ file, row, sum: row.reduce((a, b) => a + b, 0) }));
rows.sort((a, b) => b.sum - a.sum);
const whole = rows.reduce((a, r) => a + r.sum, 0);
const s = (ms) => `${(ms / 1000).toFixed(0)} s`.padStart(7);
console.log(`journey time per spec (the journeys' own time, summed over workers; ${files.length} report(s))`);
console.log(`${"spec".padEnd(36)}${files.map((_, i) => `pass ${i + 1}`.padStart(7)).join("")}   total  share`);
for (const r of rows.slice(0, top))
  console.log(
    `${r.file.padEnd(36)}${r.row.map(s).join("")}${s(r.sum)}  ${((100 * r.sum) / (whole || 1)).toFixed(1).padStart(4)} %`,
  );
console.log(
  `${"all specs".padEnd(36)}${files.map((_, i) => s(rows.reduce((a, r) => a + r.row[i], 0))).join("")}${s(whole)}`,
);
