// The closing lines of `npm test`, from both Vitest JSON reports: each project's files, tests
// and wall time (its first file's start to its last file's end: integration and browser files
// share the workers, so their spans overlap), then one line any CI can read.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const project = (file) =>
  file.endsWith(".unit.test.ts")
    ? "unit"
    : file.startsWith(path.join(root, "e2e") + path.sep)
      ? "browser"
      : "integration";

let passed = 0;
let failed = 0;
let skipped = 0;
const projects = new Map();
// Failed tests are listed again here: a long run's log may be read from its end only.
const fallidos = [];
const primeraLinea = (texto) =>
  (texto ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? "";
for (const report of [".data/vitest-unit.json", ".data/vitest-results.json"]) {
  const file = path.join(root, report);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const t of r.testResults) {
    const p = projects.get(project(t.name)) ?? { files: 0, tests: 0, start: Infinity, end: 0 };
    p.files++;
    p.tests += t.assertionResults.length;
    p.start = Math.min(p.start, t.startTime);
    p.end = Math.max(p.end, t.endTime);
    projects.set(project(t.name), p);
    for (const a of t.assertionResults) {
      if (a.status !== "failed") continue;
      fallidos.push(`${path.relative(root, t.name)} > ${a.fullName}\n    ${primeraLinea(a.failureMessages?.[0])}`);
    }
    // A file that failed outside its tests (an import, a hook) has no failed test to list.
    if (t.status === "failed" && !t.assertionResults.some((a) => a.status === "failed")) {
      fallidos.push(`${path.relative(root, t.name)}\n    ${primeraLinea(t.message)}`);
    }
  }
}
for (const [name, p] of projects) {
  console.log(`${name}: ${p.files} files, ${p.tests} tests, ${Math.round((p.end - p.start) / 1000)} s`);
}
// The ten files that held a worker longest (hooks included): where a slower run went first.
const tiempos = [".data/tiempos-unit.json", ".data/tiempos-resto.json"]
  .map((f) => path.join(root, f))
  .filter(existsSync)
  .flatMap((f) => JSON.parse(readFileSync(f, "utf8")));
if (tiempos.length > 0) {
  console.log("slowest files (s: in all, of it importing):");
  for (const t of tiempos.sort((a, b) => b.total - a.total).slice(0, 10)) {
    console.log(
      `${(t.total / 1000).toFixed(1).padStart(7)} ${(t.importacion / 1000).toFixed(1).padStart(6)}  ${t.fichero}`,
    );
  }
}
if (fallidos.length > 0) console.log(`failed tests:\n  ${fallidos.join("\n  ")}`);
console.log(`vitest: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
