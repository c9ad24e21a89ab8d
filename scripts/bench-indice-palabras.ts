/**
 * The search index alone on word searches: fills it from a seeded benchmark database (as
 * `npm run bench:search` leaves it: `-- --plans 100000` or 1000000, the default), then times
 * `IndiceBusqueda.buscar` on the same never-repeated word searches around Madrid (25 km; one
 * word, two, a word being typed, one with a typo) each way it can read them, in a random order:
 *   - as it chooses (postings unless reading the radius's cells costs less; rings nearest first);
 *   - its rarest word's postings within the radius's columns of cells;
 *   - the same, ring by ring from the point (nearest first);
 *   - every plan of the radius's cells.
 * Prints the time to fill, and per kind of search and way the mean and p95 in ms.
 *
 *   npm run bench:indice-palabras [-- --plans 100000] [-- --busquedas 2000]
 */
import "./lib/load-env";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { aleatorio } from "../test-support/aleatorio";
import { BENCH_DATABASE, prepareBenchDatabase } from "./lib/bench-data";
import { busquedaDePalabras } from "./lib/bench-palabras";

const { values } = parseArgs({
  options: { plans: { type: "string", default: "1000000" }, busquedas: { type: "string", default: "2000" } },
});
const N = Number(values.plans);
const databaseUrl = await prepareBenchDatabase({
  plans: N,
  database: N === 1_000_000 ? BENCH_DATABASE : `${BENCH_DATABASE}_${N}`,
  reuse: true,
});
// The app's modules read DATABASE_URL once: run again on the benchmark's database.
if (process.env.DATABASE_URL !== databaseUrl) {
  const hijo = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  process.exit(hijo.status ?? 1);
}
const { prisma } = await import("../lib/db");
const { versionBusqueda } = await import("../lib/busqueda/buscar");
const { esperarIndice } = await import("../lib/busqueda/indice-db");
const { busquedaSchema } = await import("../lib/busqueda/schemas");

const t0 = Date.now();
const indice = (await esperarIndice(prisma, await versionBusqueda()))!;
console.log(`${indice.tamano.toLocaleString("es")} plans filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const r = aleatorio(20261129);
const busquedas = Array.from({ length: Number(values.busquedas) }, () => {
  const { tipo, q } = busquedaDePalabras(r);
  const b = busquedaSchema.parse({
    lat: String(40.4168 + (r() - 0.5) * 0.1),
    lng: String(-3.7038 + (r() - 0.5) * 0.12),
    radio: "25",
    q,
  });
  return { tipo, c: { ...b, lng: b.lng!, lat: b.lat!, radioM: b.radio * 1000, desde: 0, hasta: b.limit } };
});
const maneras: [string, () => void][] = [
  ["as it chooses", () => Object.assign(indice, { factorPostings: 20, porAnillos: true })],
  ["columns", () => Object.assign(indice, { factorPostings: Infinity, porAnillos: false })],
  ["rings", () => Object.assign(indice, { factorPostings: Infinity, porAnillos: true })],
  ["cells", () => Object.assign(indice, { factorPostings: 0, porAnillos: true })],
];
const tiempos = new Map<string, Map<string, number[]>>();
// A first round warms the code up; the second is measured.
for (let vuelta = 0; vuelta < 2; vuelta++) {
  for (const { tipo, c } of busquedas) {
    // In a random order each time: a way that follows a slow one finds colder caches.
    const orden = maneras.map((m) => [r(), m] as const).sort((a, b) => a[0] - b[0]);
    for (const [, [manera, poner]] of orden) {
      poner();
      const t = performance.now();
      indice.buscar(c, Date.now());
      const ms = performance.now() - t;
      if (vuelta === 1) {
        if (!tiempos.has(tipo)) tiempos.set(tipo, new Map());
        const porManera = tiempos.get(tipo)!;
        porManera.set(manera, [...(porManera.get(manera) ?? []), ms]);
      }
    }
  }
}
console.log(`${N.toLocaleString("es")} plans, ms a search (mean / p95):`);
console.log(["".padEnd(18), ...maneras.map(([m]) => m.padStart(14))].join(""));
for (const [tipo, porManera] of tiempos) {
  const celdas = maneras.map(([m]) => {
    const ms = porManera.get(m)!.sort((a, b) => a - b);
    const media = ms.reduce((a, b) => a + b, 0) / ms.length;
    return `${media.toFixed(2)} / ${ms[Math.floor(0.95 * ms.length)].toFixed(1)}`.padStart(14);
  });
  console.log([tipo.padEnd(18), ...celdas].join(""));
}
await prisma.$disconnect();
