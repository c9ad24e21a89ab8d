/**
 * Geocode latency: starts the production build against the development database (or uses
 * BENCH_URL), sends 1,200 geocode queries one after another and then 1,200 more from 8
 * clients at once, and prints p50/p95/p99. Target: p95 ≤ 10 ms.
 *
 *   npm run bench          (after `npm run demo` or `npm run build` with a database set up)
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { env } from "../lib/env";
import { readGazetteer } from "../lib/geo/load-gazetteer";
import { startAppServer } from "../test-support/app-server";

const QUERIES = 1_200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function report(label: string, times: number[], wallMs: number, errors: number): void {
  const s = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(7);
  console.log(
    `${label.padEnd(26)} n=${times.length}  p50=${f(percentile(s, 50))} ms  p95=${f(percentile(s, 95))} ms  ` +
      `p99=${f(percentile(s, 99))} ms  max=${f(s[s.length - 1])} ms  ${((times.length / wallMs) * 1000).toFixed(0)} req/s  errors=${errors}`,
  );
}

/** Deterministic mix: prefixes of 3+ letters, full names, names without accents, lower case. */
async function buildQueries(): Promise<string[]> {
  const rows = (await readGazetteer()).filter((r) => r.lat !== null);
  const out: string[] = [];
  for (let i = 0; out.length < QUERIES; i++) {
    const m = rows[(i * 7919) % rows.length];
    const variant = i % 4;
    if (variant === 0) out.push(m.nombre.slice(0, 3 + (i % 5)));
    else if (variant === 1) out.push(m.nombre);
    else if (variant === 2)
      out.push(
        m.nombre
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase(),
      );
    else out.push(m.nombre.split(" ").pop()!.slice(0, 5));
  }
  return out;
}

async function timeOne(base: string, q: string): Promise<[number, boolean]> {
  const t = performance.now();
  const res = await fetch(`${base}/api/geocode?q=${encodeURIComponent(q)}`);
  await res.arrayBuffer();
  return [performance.now() - t, res.ok];
}

async function main() {
  const queries = await buildQueries();
  const server = process.env.BENCH_URL
    ? null
    : await startAppServer({ DATABASE_URL: env().DATABASE_URL, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") });
  const base = process.env.BENCH_URL ?? server!.url;
  try {
    for (const q of queries.slice(0, 50)) await timeOne(base, q); // warm-up

    let errors = 0;
    let times: number[] = [];
    let start = performance.now();
    for (const q of queries) {
      const [ms, ok] = await timeOne(base, q);
      times.push(ms);
      if (!ok) errors++;
    }
    report("geocode, 1 client", times, performance.now() - start, errors);

    errors = 0;
    times = [];
    let next = 0;
    start = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < queries.length) {
          const [ms, ok] = await timeOne(base, queries[next++]);
          times.push(ms);
          if (!ok) errors++;
        }
      }),
    );
    report("geocode, 8 clients", times, performance.now() - start, errors);
  } finally {
    await server?.stop();
  }
}

await main();
