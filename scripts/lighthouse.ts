/**
 * Lighthouse (mobile, default config) with the machine's Chromium against the production build:
 *   1. the home page with a search that shows real result cards;
 *   2. the page of a seeded plan with a poster;
 *   3. the machine's floor: a legal page, the app's lightest (see SUELO).
 * Each page is measured `--runs` times (3 by default), the pages in turn; for each, the run with
 * the median performance score is the one printed, with its four scores, its points against the
 * floor's and its failing audits, and beside it the median of the runs' total blocking times and
 * its excess over the floor's. Targets: performance ≥ 95, accessibility, best practices and SEO
 * 100, total blocking time within 150 ms of the floor's; `--strict` exits 1 when one is missed.
 * Uses its own database (planazo_lighthouse, or LIGHTHOUSE_DATABASE, on DATABASE_URL's server or the local cluster)
 * with the demo data, its own storage folder (.data/lighthouse/storage), and writes the median
 * reports to .data/lighthouse/{home,plan,floor}.report.{html,json}. Needs a build (`npm run build`).
 * External hosts (map tiles, Google sign-in) are blocked: this machine has no internet.
 *
 *   npm run lighthouse [-- --strict] [-- --runs 5] [-- --page home|plan] [-- --reset]
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { generateReport, type Result } from "lighthouse";
import { createPrismaClient } from "../lib/db/client";
import { startAppServer, type AppServer } from "../test-support/app-server";
import { prepareDatabase, runScript } from "./lib/prepare-database";

const { values } = parseArgs({
  options: {
    strict: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    reset: { type: "boolean", default: false },
    page: { type: "string" },
  },
});
if (values.page && !["home", "plan"].includes(values.page)) throw new Error("--page is home or plan");
const RUNS = Math.max(1, Number.parseInt(values.runs, 10) || 3);

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(ROOT, ".data", "lighthouse");
// Set before anything reads the environment: the seed's posters go here, and the app serves them.
process.env.STORAGE_DIR = path.join(OUT_DIR, "storage");

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  // A Spanish-speaking visitor: another language's browser is offered its version once (OfertaIdioma).
  "--lang=es-ES",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** No internet here: these requests fail at once, as ERR_BLOCKED_BY_CLIENT (which Lighthouse does not count as a console error). */
const BLOCKED = [
  "*.tile.openstreetmap.org",
  "accounts.google.com",
  "*.google.com",
  "*.googleapis.com",
  "*.gstatic.com",
];

const CATEGORIAS = ["performance", "accessibility", "best-practices", "seo"] as const;
type Categoria = (typeof CATEGORIAS)[number];
const OBJETIVO: Record<Categoria, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** A page's total blocking time may exceed the floor's by this much (the medians of the runs). */
const TBT_SOBRE_SUELO_MS = 150;
/** The middle item by `valor` (the lower of the two middle ones for an even count). */
const medio = <T>(items: T[], valor: (x: T) => number): T =>
  [...items].sort((a, b) => valor(a) - valor(b))[Math.floor((items.length - 1) / 2)];
const tbtDe = (r: Result) => r.audits["total-blocking-time"]?.numericValue ?? 0;
const ETIQUETA: Record<Categoria, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "BP",
  seo: "SEO",
};

/**
 * The machine's floor, measured in the same run: the app's lightest page, a legal text with the
 * same layout (header, menu, footer, cookie bar) and the same framework JavaScript as every page,
 * and no data. What a page scores below it is the page's own cost; what the floor itself misses
 * of the target is the machine's (Lighthouse's simulated throttling multiplies the host's own
 * main-thread time by 4, so a busy or slow host lowers every page's score alike).
 */
const SUELO = "floor";
const PAGINA_SUELO = "/aviso-legal";

const puntos = (lhr: Result, c: Categoria) => Math.round((lhr.categories[c]?.score ?? 0) * 100);

/** The two pages: a search around the demo town with the most upcoming plans, and the first plan card it shows. */
async function elegirPaginas(server: AppServer, databaseUrl: string): Promise<{ nombre: string; url: string }[]> {
  const prisma = createPrismaClient(databaseUrl, 1);
  let lugar: { municipio: string; lat: number; lng: number } | undefined;
  try {
    [lugar] = await prisma.$queryRaw<{ municipio: string; lat: number; lng: number }[]>`
      SELECT m.nombre AS municipio, m.lat, m.lng
      FROM plan p JOIN municipio m ON m.ine = p.municipio_ine
      WHERE p.visible AND p.archivo_cartel_id IS NOT NULL AND p.usuario_id LIKE 'demo-%'
        AND (p.fecha_fin IS NULL OR p.fecha_fin > now())
      GROUP BY m.ine, m.nombre, m.lat, m.lng
      ORDER BY count(*) DESC, m.ine
      LIMIT 1`;
  } finally {
    await prisma.$disconnect();
  }
  if (!lugar) throw new Error("the demo data has no upcoming plan with a poster: run with --reset");
  const home = `/?${new URLSearchParams({ municipio: lugar.municipio, lat: String(lugar.lat), lng: String(lugar.lng), radio: "30" })}`;
  const html = await (await fetch(server.url + home)).text();
  const tarjetas = html.match(/<article/g)?.length ?? 0;
  const plan = html.match(/href="(\/plan\/[^"/]+\/[^"/?#]+)"/)?.[1];
  if (tarjetas === 0 || !plan) throw new Error(`the search ${home} shows no plan cards`);
  const res = await fetch(server.url + plan);
  if (res.status !== 200 || !(await res.text()).includes("<img"))
    throw new Error(`the plan page ${plan} answers ${res.status} or has no poster`);
  console.log(`home: ${home} (${tarjetas} cards)\nplan: ${plan}\n`);
  return [
    { nombre: "home", url: server.url + home },
    { nombre: "plan", url: server.url + plan },
  ];
}

/** One Lighthouse run in a fresh Chromium; a run whose trace came out broken (NO_NAVSTART, NO_FCP…) is retried twice. */
async function medir(url: string, intentos = 3): Promise<Result> {
  for (let i = 1; ; i++) {
    try {
      return await medirUnaVez(url);
    } catch (error) {
      if (i >= intentos) throw error;
      console.log(`  (${(error as Error).message.split("\n")[0]}: trying again)`);
    }
  }
}

async function medirUnaVez(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIAS],
      blockedUrlPatterns: BLOCKED,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The metrics behind the performance score, e.g. 'LCP 1.6 s, TBT 350 ms'. */
function metricas(lhr: Result): string {
  const m: [string, string][] = [
    ["FCP", "first-contentful-paint"],
    ["LCP", "largest-contentful-paint"],
    ["TBT", "total-blocking-time"],
    ["CLS", "cumulative-layout-shift"],
    ["SI", "speed-index"],
  ];
  return m.map(([nombre, id]) => `${nombre} ${lhr.audits[id]?.displayValue ?? "?"}`).join(", ");
}

/** Audits that Lighthouse's report shows as failed (score below 0.9) in the four categories. */
function auditoriasFallidas(lhr: Result): string[] {
  const lineas: string[] = [];
  for (const c of CATEGORIAS) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (["notApplicable", "informative", "manual", "error"].includes(a.scoreDisplayMode)) continue;
      lineas.push(`    [${ETIQUETA[c]}] ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    }
  }
  return [...new Set(lineas)];
}

runScript(async () => {
  // Posters live in the storage folder: without it, the demo data is drawn again.
  const reset = values.reset || !existsSync(process.env.STORAGE_DIR!);
  mkdirSync(OUT_DIR, { recursive: true });
  const databaseUrl = await prepareDatabase({
    database: process.env.LIGHTHOUSE_DATABASE || "planazo_lighthouse",
    seed: true,
    reset,
  });
  const server = await startAppServer({
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: process.env.STORAGE_DIR!,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  });
  const fallos: string[] = [];
  const filas: string[] = [];
  let notaSuelo = "";
  try {
    const medidas = (await elegirPaginas(server, databaseUrl)).filter((p) => !values.page || p.nombre === values.page);
    const paginas = [...medidas, { nombre: SUELO, url: server.url + PAGINA_SUELO }];
    for (const { url } of paginas) await fetch(url); // warm the server (first render compiles nothing, but fills caches)
    // One run of every page in turn, so that the machine's drift within the run (its CPU
    // benchmark can move a lot on a shared host) reaches each page alike.
    const runs = new Map<string, Result[]>(paginas.map((p) => [p.nombre, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const pagina of paginas) {
        const lhr = await medir(pagina.url);
        runs.get(pagina.nombre)!.push(lhr);
        const maquina = `CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)}, load ${loadavg()[0].toFixed(1)}`;
        console.log(
          `${pagina.nombre} run ${i + 1}/${RUNS}: ${CATEGORIAS.map((c) => `${ETIQUETA[c]} ${puntos(lhr, c)}`).join(", ")}  (${metricas(lhr)}; ${maquina})`,
        );
      }
    }
    console.log();
    const mediana = (nombre: string) => medio(runs.get(nombre)!, (r) => puntos(r, "performance"));
    const perfSuelo = puntos(mediana(SUELO), "performance");
    // Total blocking time, the median of every run's own (not the median-score run's).
    const tbtMediano = (nombre: string) => tbtDe(medio(runs.get(nombre)!, tbtDe));
    const tbtSuelo = tbtMediano(SUELO);
    for (const pagina of paginas) {
      const median = mediana(pagina.nombre);
      writeFileSync(path.join(OUT_DIR, `${pagina.nombre}.report.html`), generateReport(median, "html"));
      writeFileSync(path.join(OUT_DIR, `${pagina.nombre}.report.json`), JSON.stringify(median));
      const fallidas = auditoriasFallidas(median);
      console.log(
        `${pagina.nombre}: failing audits of the median run:${fallidas.length ? `\n${fallidas.join("\n")}` : " none"}`,
      );
      const scores = CATEGORIAS.map((c) => puntos(median, c));
      const tbt = tbtMediano(pagina.nombre);
      const esSuelo = pagina.nombre === SUELO;
      const frenteAlSuelo = esSuelo
        ? ""
        : `${String(puntos(median, "performance") - perfSuelo).padStart(8)}${String(Math.round(tbt - tbtSuelo)).padStart(10)}`;
      filas.push(
        `${pagina.nombre.padEnd(6)}${scores.map((s) => String(s).padStart(6)).join("")}${String(Math.round(tbt)).padStart(8)}${frenteAlSuelo}`,
      );
      if (esSuelo) continue;
      if (tbt - tbtSuelo > TBT_SOBRE_SUELO_MS)
        fallos.push(
          `${pagina.nombre}: total blocking time ${Math.round(tbt - tbtSuelo)} ms over the floor's > ${TBT_SOBRE_SUELO_MS}`,
        );
      for (const [i, c] of CATEGORIAS.entries()) {
        if (scores[i] < OBJETIVO[c]) fallos.push(`${pagina.nombre}: ${c} ${scores[i]} < ${OBJETIVO[c]}`);
      }
    }
    // Not a failure of the pages: what of a miss is the machine's.
    if (perfSuelo < OBJETIVO.performance)
      notaSuelo = `${SUELO}: performance ${perfSuelo} < ${OBJETIVO.performance}: the machine itself misses the target in this run`;
  } finally {
    await server.stop();
  }
  console.log(
    `\nMedian of ${RUNS} run(s) per page (scores: the median-score run's; TBT: the median of the runs'), Lighthouse mobile:`,
  );
  console.log(
    `page  ${CATEGORIAS.map((c) => ETIQUETA[c].padStart(6)).join("")}  TBT ms  vs ${SUELO}  TBT − ${SUELO}'s`,
  );
  console.log(filas.join("\n"));
  if (notaSuelo) console.log(notaSuelo);
  console.log(
    `targets: perf ≥ ${OBJETIVO.performance}, a11y/BP/SEO 100, TBT ≤ the floor's + ${TBT_SOBRE_SUELO_MS} ms. Reports: ${path.relative(ROOT, OUT_DIR)}/`,
  );
  if (fallos.length) {
    console.log(`below target:\n  ${fallos.join("\n  ")}`);
    if (values.strict) process.exit(1);
  } else {
    console.log("all targets met");
  }
});
