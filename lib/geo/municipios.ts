import "server-only";
import { Memo } from "../cache";
import { readDb } from "../db";
import {
  construirNomenclator,
  SQL_NOMENCLATOR,
  municipioMasCercano,
  municipioPorNombre,
  resolverProvincia,
  resolverRuta,
  type MunicipioGazetteer,
  type NomenclatorMunicipios,
  type MunicipioConRuta,
  type RutaResuelta,
} from "./slug";

/**
 * The gazetteer's paths, built in memory once per process (and again every day, in case the
 * gazetteer was reloaded): one query of every municipality, then no query per lookup (a town
 * page, a plan page's link, the sitemap's thousands of town paths). No slug column: it would
 * still cost a query per lookup, alternate spellings would need another indexed table, and a slug
 * depends on its whole province (two towns with one slug). Figures: docs/performance.md.
 */
const nomenclator = new Memo<NomenclatorMunicipios>(1, 24 * 60 * 60_000);

export function nomenclatorMunicipios(): Promise<NomenclatorMunicipios> {
  return nomenclator.get("nomenclator", async () => {
    const filas = await (await readDb()).$queryRawUnsafe<MunicipioGazetteer[]>(SQL_NOMENCLATOR);
    return construirNomenclator(filas);
  });
}

/** The municipality of a town page's path segments, with whether they are its canonical ones. */
export async function municipioDeRuta(provincia: string, municipio: string): Promise<RutaResuelta> {
  return resolverRuta(await nomenclatorMunicipios(), provincia, municipio);
}

export async function municipioPorIne(ine: string): Promise<MunicipioConRuta | null> {
  return (await nomenclatorMunicipios()).porIne.get(ine) ?? null;
}

/**
 * The town page of a place named `nombre` (a plan's or a search's town): the municipality of that
 * name nearest to `punto`, as a plan's municipio_ine is chosen when it is written; with a name
 * the gazetteer does not know, the municipality nearest to the point when `oElMasCercano` (a plan's
 * page always links to a town), else null (the home links only to the town the person chose).
 */
export async function municipioDeNombre(
  nombre: string,
  punto?: { lat: number; lng: number } | null,
  { oElMasCercano = false } = {},
): Promise<MunicipioConRuta | null> {
  const nomenclator = await nomenclatorMunicipios();
  const m = municipioPorNombre(nomenclator, nombre, punto);
  return m ?? (oElMasCercano && punto ? municipioMasCercano(nomenclator, punto) : null);
}

export async function provinciaDeRuta(segmento: string) {
  return resolverProvincia(await nomenclatorMunicipios(), segmento);
}
