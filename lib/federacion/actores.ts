import { slug, type NomenclatorMunicipios } from "../geo/slug";

/** The site's own actor (Application): its identifier, and the names it answers to in WebFinger. */
export const SITIO = "sitio";
/** Mobilizon looks for a server's instance actor as relay@host. */
export const NOMBRES_SITIO = ["relay", "planazo"] as const;

/** A town's actor identifier (its URL is /ap/municipios/{ine}): the INE code never changes. */
export const idMunicipio = (ine: string) => `municipios/${ine}`;
export const ineDeId = (identificador: string): string | null =>
  /^municipios\/(\d{5})$/.exec(identificador)?.[1] ?? null;

export interface NombresDeMunicipios {
  porNombre: Map<string, string>;
  porIne: Map<string, string>;
}

const nombres = new WeakMap<NomenclatorMunicipios, NombresDeMunicipios>();

/**
 * Each town's handle (@vinuesa@host): its name's slug, or `{municipio}-{provincia}` when several
 * towns of Spain share the name (then none of them takes the bare one), as the gazetteer's
 * paths are; a town whose handle would still collide keeps its path's slug (which carries its
 * INE code). Worked out once per gazetteer.
 */
export function nombresDeMunicipios(nomenclator: NomenclatorMunicipios): NombresDeMunicipios {
  const hechos = nombres.get(nomenclator);
  if (hechos) return hechos;
  const cuantos = new Map<string, number>();
  for (const m of nomenclator.porIne.values()) cuantos.set(slug(m.nombre), (cuantos.get(slug(m.nombre)) ?? 0) + 1);
  const porNombre = new Map<string, string>();
  const porIne = new Map<string, string>();
  const ordenados = [...nomenclator.porIne.values()].sort((a, b) => (a.ine < b.ine ? -1 : 1));
  for (const m of ordenados) {
    const base = slug(m.nombre) || m.ine;
    let nombre = cuantos.get(base) === 1 ? base : `${base}-${m.provinciaSlug}`;
    if (porNombre.has(nombre) || (NOMBRES_SITIO as readonly string[]).includes(nombre))
      nombre = `${m.slug}-${m.provinciaSlug}-${m.ine}`;
    porNombre.set(nombre, m.ine);
    porIne.set(m.ine, nombre);
  }
  const resultado = { porNombre, porIne };
  nombres.set(nomenclator, resultado);
  return resultado;
}
