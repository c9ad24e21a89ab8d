import { aleatorio } from "../../test-support/aleatorio";
import { query } from "../../test-support/database";
import { CATEGORIAS } from "../../lib/plans/constants";
import { ventanaFechas, type OpcionFecha } from "../../lib/busqueda/estado";
import { planPath } from "../../lib/plans/plan";
import type { LoadRequest } from "./load-runner";

/** The kinds of request of the mix, in print order. */
export const KINDS = ["search-repeated", "search-new", "plan-page", "geocode"] as const;
export const SEARCH_KINDS: readonly string[] = ["search-repeated", "search-new"];

export interface Town {
  ine: string;
  nombre: string;
  lat: number;
  lng: number;
  poblacion: number;
  /** Listed plans within 50 km of the town's centre. */
  planes50km?: number;
}

export interface Mix {
  next(): LoadRequest;
  /** What the mix is, as printed lines. */
  description: string[];
  /** The plan pages the mix asks for (the load test visits each once before measuring: a warm cache). */
  planPages: string[];
  /** Towns searched, by density group, for other uses (the publisher places its plans in villages). */
  towns: Record<"city" | "medium" | "village", Town[]>;
}

/** Picks from `options` with the given weights (summing to 1). */
function weighted<T>(rand: () => number, options: [T, number][]): T {
  let r = rand();
  for (const [v, w] of options) {
    if ((r -= w) < 0) return v;
  }
  return options[options.length - 1][0];
}

const pickOne = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const RADIOS: [number, number][] = [
  [50, 0.4],
  [25, 0.25],
  [10, 0.2],
  [5, 0.15],
];
const FECHAS: [OpcionFecha | null, number][] = [
  [null, 0.4],
  ["hoy", 0.15],
  ["finDeSemana", 0.2],
  ["semana", 0.15],
  ["mes", 0.1],
];
const CATEGORIAS_REALES = CATEGORIAS.filter((c) => c !== "Otros");

function categorias(rand: () => number): string | undefined {
  const n = weighted(rand, [
    [0, 0.35],
    [1, 0.4],
    [2, 0.2],
    [3, 0.05],
  ]);
  if (n === 0) return undefined;
  const set = new Set<string>();
  while (set.size < n) set.add(pickOne(rand, CATEGORIAS_REALES));
  return [...set].join(",");
}

function ventana(rand: () => number): Record<string, string> {
  const fecha = weighted(rand, FECHAS);
  // The arrows next to "weekend", "week" and "month" move the window on: mostly the current one.
  const v = ventanaFechas(
    fecha,
    fecha && fecha !== "hoy"
      ? weighted(rand, [
          [0, 0.7],
          [1, 0.2],
          [2, 0.1],
        ])
      : 0,
  );
  return v ? { fechaInicioFiltro: v.desde.toISOString(), fechaFinFiltro: v.hasta.toISOString() } : {};
}

const sinAcentos = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/**
 * The request mix of the load test, built from the bench database:
 *  - 70% GET /api/plan searches around 36 towns of three densities (6 cities, 10 medium towns,
 *    20 villages, searched 35/30/35%), half of them drawn from 40 fixed searches that many
 *    users make (answered from the per-version memo once computed), half never made before
 *    (a point within ~2 km of a town, as from a phone; 10% by town name; pages 1–3);
 *  - 20% plan pages GET /plan/{slug}/{id} of 5,000 random visible plans;
 *  - 10% GET /api/geocode for town names as typed: whole, lower case without accents,
 *    3–6 letter prefixes, and typos.
 * Radius 50/25/10/5 km (40/25/20/15%), 0–3 categories, and the web's date windows (none 40%,
 * today, this weekend, this week, this month, sometimes the next ones).
 */
export async function buildMix(databaseUrl: string, { densities = true } = {}): Promise<Mix> {
  const rand = aleatorio(20_260_701);
  const cols = "ine, nombre, lat, lng, poblacion";
  const towns = {
    city: await query<Town>(
      databaseUrl,
      `SELECT ${cols} FROM municipio WHERE lat IS NOT NULL AND poblacion IS NOT NULL ORDER BY poblacion DESC LIMIT 6`,
    ),
    medium: await query<Town>(
      databaseUrl,
      `SELECT ${cols} FROM municipio WHERE lat IS NOT NULL AND poblacion BETWEEN 20000 AND 200000 ORDER BY md5(ine) LIMIT 10`,
    ),
    village: await query<Town>(
      databaseUrl,
      `SELECT ${cols} FROM municipio WHERE lat IS NOT NULL AND poblacion < 5000 ORDER BY md5(ine) LIMIT 20`,
    ),
  };
  if (densities) {
    for (const t of Object.values(towns).flat()) {
      const [{ n }] = await query<{ n: number }>(
        databaseUrl,
        "SELECT count(*)::int AS n FROM plan WHERE visible AND ST_DWithin(ubicacion, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 50000)",
        [t.lng, t.lat],
      );
      t.planes50km = n;
    }
  }
  const densityOf = (r: () => number) =>
    weighted(r, [
      ["city", 0.35],
      ["medium", 0.3],
      ["village", 0.35],
    ] as const);

  const search = (params: Record<string, string | undefined>) =>
    `/api/plan?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined))}`;

  // Searches many people make: a town's centre as the geocoder gives it, fixed filters.
  const fixed = Array.from({ length: 40 }, (): LoadRequest => {
    const towns_ = densityOf(rand);
    const t = pickOne(rand, towns[towns_]);
    const radio = String(weighted(rand, RADIOS));
    return {
      kind: "search-repeated",
      path: search({ lat: String(t.lat), lng: String(t.lng), radio, categorias: categorias(rand), ...ventana(rand) }),
      tags: { towns: towns_, radius: `${radio} km` },
    };
  });
  const nueva = (): LoadRequest => {
    const towns_ = densityOf(Math.random);
    const t = pickOne(Math.random, towns[towns_]);
    const radio = String(weighted(Math.random, RADIOS));
    const lugar =
      Math.random() < 0.1
        ? { municipio: t.nombre }
        : {
            lat: (t.lat + (Math.random() - 0.5) * 0.036).toFixed(6),
            lng: (t.lng + (Math.random() - 0.5) * 0.048).toFixed(6),
          };
    const page = weighted(Math.random, [
      [1, 0.85],
      [2, 0.1],
      [3, 0.05],
    ]);
    return {
      kind: "search-new",
      path: search({
        ...lugar,
        radio,
        categorias: categorias(Math.random),
        ...ventana(Math.random),
        ...(page > 1 ? { page: String(page) } : {}),
      }),
      tags: { towns: towns_, radius: `${radio} km` },
    };
  };

  const planes = await query<{ id: string; titulo: string }>(
    databaseUrl,
    "SELECT id, titulo FROM plan TABLESAMPLE BERNOULLI (1) REPEATABLE (7) WHERE visible LIMIT 5000",
  );
  const pages = planes.map((p) => planPath(p.titulo, p.id));

  const nombres = await query<{ nombre: string }>(
    databaseUrl,
    "SELECT nombre FROM municipio ORDER BY md5(ine || 'geo') LIMIT 300",
  );
  const geocodes = nombres.flatMap(({ nombre }) => {
    const plano = sinAcentos(nombre).toLowerCase();
    const i = 1 + Math.floor(rand() * (plano.length - 2));
    const errata = plano.length > 4 ? plano.slice(0, i) + plano[i + 1] + plano[i] + plano.slice(i + 2) : plano;
    return [
      nombre,
      nombre,
      plano,
      plano.slice(0, 3 + Math.floor(rand() * 4)),
      plano.slice(0, 3 + Math.floor(rand() * 4)),
      errata,
    ];
  });

  const next = (): LoadRequest => {
    const r = Math.random();
    if (r < 0.35) return pickOne(Math.random, fixed);
    if (r < 0.7) return nueva();
    // As a browser asks for a page (the page cache serves only such requests).
    if (r < 0.9) return { kind: "plan-page", path: pickOne(Math.random, pages), headers: { accept: "text/html" } };
    return { kind: "geocode", path: `/api/geocode?${new URLSearchParams({ q: pickOne(Math.random, geocodes) })}` };
  };

  const rango = (ts: Town[]) => {
    const ns = ts.map((t) => t.planes50km ?? 0);
    return densities
      ? `, ${Math.min(...ns).toLocaleString("es")}–${Math.max(...ns).toLocaleString("es")} plans within 50 km`
      : "";
  };
  const description = [
    `search GET /api/plan 70%: 35% one of 40 fixed searches (repeated: town centre, fixed filters), 35% new ones`,
    `  (a point within ~2 km of a town, 10% by town name; page 1/2/3 85/10/5%)`,
    `  towns searched 35/30/35%: ${towns.city.length} cities (${towns.city.map((t) => t.nombre).join(", ")}${rango(towns.city)}),`,
    `  ${towns.medium.length} medium towns of 20k–200k people${rango(towns.medium)}, ${towns.village.length} villages under 5k${rango(towns.village)}`,
    `  radius ${RADIOS.map(([r, w]) => `${r} km ${w * 100}%`).join(", ")}; categories 0/1/2/3: 35/40/20/5%`,
    `  dates: ${FECHAS.map(([f, w]) => `${f ?? "none"} ${w * 100}%`).join(", ")} (the web's windows, sometimes the next ones)`,
    `plan page GET /plan/{slug}/{id} 20%: ${pages.length.toLocaleString("es")} random visible plans`,
    `geocode GET /api/geocode?q= 10%: ${geocodes.length} texts from ${nombres.length} towns (whole names, lower case without accents, 3–6 letter prefixes, typos)`,
  ];
  return { next, description, towns, planPages: pages };
}
