import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { distanciaEsferaM } from "./distancia";
import type { MunicipioRow } from "./load-gazetteer";
/**
 * Town page addresses (/planes/{provincia}/{municipio}): slugs from the gazetteer's names, and
 * the index that answers a path with its municipality, or with the canonical path when the
 * path spells it another way. Pure, so it is tested without a database; lib/geo/municipios.ts
 * builds the index once per process from the `municipio` table.
 */

/** Lower case, no accents, letters and digits joined by single hyphens: "L'Atzúbia" → "l-atzubia". */
export function slug(texto: string): string {
  return texto
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Other names people use for a province (older Castilian names, the co-official ones, the
 * English habit of "Baleares"), by the slug of the gazetteer's name. They answer 308 to it.
 */
const PROVINCIAS_ALTERNATIVAS: Record<string, readonly string[]> = {
  "a-coruna": ["la-coruna", "coruna"],
  alava: ["araba", "araba-alava", "alava-araba"],
  alicante: ["alacant", "alicante-alacant"],
  bizkaia: ["vizcaya"],
  castellon: ["castello", "castellon-castello"],
  gipuzkoa: ["guipuzcoa"],
  girona: ["gerona"],
  "illes-balears": ["baleares", "islas-baleares", "balears"],
  lleida: ["lerida"],
  navarra: ["nafarroa"],
  ourense: ["orense"],
  valencia: ["valencia-valencia"],
};

/** A row of the gazetteer (the municipio table), as load-gazetteer.ts reads it from the CSV. */
export type MunicipioGazetteer = MunicipioRow;

/** The `municipio` rows the index is built from (construirNomenclator), as MunicipioGazetteer. */
export const SQL_NOMENCLATOR = `SELECT ine, nombre, nombre_oficial AS "nombreOficial", nombres_alternativos AS "nombresAlternativos",
       provincia, comunidad, lat, lng, poblacion
FROM municipio`;

export interface MunicipioConRuta extends MunicipioGazetteer {
  provinciaSlug: string;
  slug: string;
  /** The canonical path: /planes/{provincia}/{municipio}. */
  ruta: string;
}

/**
 * A town's name as a page in a language writes it: Spanish pages the gazetteer's usual one
 * ("San Sebastián"), the others its official form, both names of a bilingual town
 * ("Donostia / San Sebastián", "Laudio / Llodio").
 */
export function nombreDelPueblo(m: Pick<MunicipioGazetteer, "nombre" | "nombreOficial">, idioma: Idioma): string {
  return idioma === IDIOMA_POR_DEFECTO ? m.nombre : m.nombreOficial.split("/").join(" / ");
}

export interface NomenclatorMunicipios {
  porIne: Map<string, MunicipioConRuta>;
  /** By "provincia/municipio" canonical slugs. */
  porRuta: Map<string, MunicipioConRuta>;
  /** By "provincia/other spelling": the official name, each half of a bilingual one, alternate names. */
  alternativos: Map<string, MunicipioConRuta>;
  /** Any spelling of a province's slug → its canonical slug. */
  provincias: Map<string, string>;
  /** By slug of any name, in every province (a plan or a search names its town without the province). */
  porNombre: Map<string, MunicipioConRuta[]>;
}

export const rutaPueblo = (provinciaSlug: string, municipioSlug: string) => `/planes/${provinciaSlug}/${municipioSlug}`;

/**
 * The index of every municipality's path. Two municipalities of one province whose names give
 * the same slug (none in today's gazetteer, but names repeat across Spain) are told apart for
 * good: the lowest INE code keeps the plain slug and the others get theirs followed by their INE
 * code, which never changes, so their addresses stay put when the gazetteer is rebuilt. An
 * alternative spelling shared by two municipalities of a province answers neither (404 rather
 * than the wrong town).
 */
export function construirNomenclator(filas: readonly MunicipioGazetteer[]): NomenclatorMunicipios {
  const ordenadas = [...filas].sort((a, b) => (a.ine < b.ine ? -1 : a.ine > b.ine ? 1 : 0));
  const porIne = new Map<string, MunicipioConRuta>();
  const porRuta = new Map<string, MunicipioConRuta>();
  const provincias = new Map<string, string>();
  const porNombre = new Map<string, MunicipioConRuta[]>();
  for (const f of ordenadas) {
    const provinciaSlug = slug(f.provincia);
    provincias.set(provinciaSlug, provinciaSlug);
    let s = slug(f.nombre) || f.ine;
    if (porRuta.has(`${provinciaSlug}/${s}`)) s = `${s}-${f.ine}`;
    const m: MunicipioConRuta = { ...f, provinciaSlug, slug: s, ruta: rutaPueblo(provinciaSlug, s) };
    porIne.set(f.ine, m);
    porRuta.set(`${provinciaSlug}/${s}`, m);
  }
  for (const [canonica, otras] of Object.entries(PROVINCIAS_ALTERNATIVAS)) {
    if (!provincias.has(canonica)) continue;
    for (const o of otras) if (!provincias.has(o)) provincias.set(o, canonica);
  }
  const candidatos = new Map<string, Set<MunicipioConRuta>>();
  for (const m of porIne.values()) {
    const nombres = [m.nombre, m.nombreOficial, ...m.nombreOficial.split("/"), ...m.nombresAlternativos];
    for (const s of new Set(nombres.map(slug).filter(Boolean))) {
      const lista = porNombre.get(s) ?? [];
      lista.push(m);
      porNombre.set(s, lista);
      const clave = `${m.provinciaSlug}/${s}`;
      if (porRuta.has(clave)) continue;
      const set = candidatos.get(clave) ?? new Set();
      set.add(m);
      candidatos.set(clave, set);
    }
  }
  const alternativos = new Map<string, MunicipioConRuta>();
  for (const [clave, set] of candidatos) if (set.size === 1) alternativos.set(clave, [...set][0]);
  return { porIne, porRuta, alternativos, provincias, porNombre };
}

/** A path segment as typed: percent-escapes decoded when they are valid. */
function decodificar(segmento: string): string {
  try {
    return decodeURIComponent(segmento);
  } catch {
    return segmento;
  }
}

export type RutaResuelta = { municipio: MunicipioConRuta; canonica: boolean } | null;

/**
 * The municipality of a town page's two path segments: `canonica` when they are exactly its
 * slugs; otherwise (accents, capitals, an official or alternate name, another spelling of the
 * province) the municipality whose canonical path the page redirects to. Null: no such town.
 */
export function resolverRuta(nomenclator: NomenclatorMunicipios, provincia: string, municipio: string): RutaResuelta {
  const p = nomenclator.provincias.get(slug(decodificar(provincia)));
  if (!p) return null;
  const s = slug(decodificar(municipio));
  const m = nomenclator.porRuta.get(`${p}/${s}`) ?? nomenclator.alternativos.get(`${p}/${s}`);
  if (!m) return null;
  return { municipio: m, canonica: provincia === m.provinciaSlug && municipio === m.slug };
}

/** Great-circle distance in km (enough to rank towns; PostGIS measures the plans). */
export function distanciaKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return distanciaEsferaM(a, b) / 1000;
}

/**
 * The municipality a plan or a search names: among those called `nombre` (any spelling), the
 * nearest to the point when there is one, else the most populated; null when none is called so.
 */
export function municipioPorNombre(
  nomenclator: NomenclatorMunicipios,
  nombre: string,
  punto?: { lat: number; lng: number } | null,
): MunicipioConRuta | null {
  const lista = (nomenclator.porNombre.get(slug(nombre)) ?? []).filter((m) => m.lat !== null && m.lng !== null);
  if (lista.length === 0) return null;
  const clave = (m: MunicipioConRuta) =>
    punto ? distanciaKm(punto, { lat: m.lat!, lng: m.lng! }) : -(m.poblacion ?? 0);
  return lista.reduce((mejor, m) => (clave(m) < clave(mejor) ? m : mejor));
}

/** A province's page segment: its canonical slug, its name and its municipalities A–Z; null when no province is called so. */
export function resolverProvincia(
  nomenclator: NomenclatorMunicipios,
  segmento: string,
): { slug: string; nombre: string; municipios: MunicipioConRuta[]; canonica: boolean } | null {
  const p = nomenclator.provincias.get(slug(decodificar(segmento)));
  if (!p) return null;
  const municipios = [...nomenclator.porIne.values()]
    .filter((m) => m.provinciaSlug === p)
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
  return { slug: p, nombre: municipios[0].provincia, municipios, canonica: segmento === p };
}

/** The municipality whose centre is nearest to the point (8,131 distances in memory, well under a millisecond). */
export function municipioMasCercano(
  nomenclator: NomenclatorMunicipios,
  punto: { lat: number; lng: number },
): MunicipioConRuta | null {
  let mejor: MunicipioConRuta | null = null;
  let mejorKm = Infinity;
  for (const m of nomenclator.porIne.values()) {
    if (m.lat === null || m.lng === null) continue;
    const d = distanciaKm(punto, { lat: m.lat, lng: m.lng });
    if (d < mejorKm) [mejor, mejorKm] = [m, d];
  }
  return mejor;
}
