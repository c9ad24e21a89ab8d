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

/** An organization's actor identifier (its URL is /ap/organizaciones/{id}). */
export const idOrganizacion = (id: string) => `organizaciones/${id}`;
export const organizacionDeId = (identificador: string): string | null =>
  /^organizaciones\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
    .exec(identificador)?.[1]
    ?.toLowerCase() ?? null;

export interface NombresDeOrganizaciones {
  porNombre: Map<string, string>;
  porId: Map<string, string>;
}

/**
 * Each organization's handle (@fiestas-de-vinuesa@host): its name's slug. Towns and the site
 * keep theirs: an organization whose slug one of them has, or an older organization has, takes
 * the first free `-2`, `-3`… after it. `organizaciones` oldest first, so a handle stays put
 * while its organization keeps its name.
 */
export function nombresDeOrganizaciones(
  organizaciones: readonly { id: string; nombre: string }[],
  municipios: NombresDeMunicipios,
): NombresDeOrganizaciones {
  const porNombre = new Map<string, string>();
  const porId = new Map<string, string>();
  const ocupado = (n: string) =>
    porNombre.has(n) || municipios.porNombre.has(n) || (NOMBRES_SITIO as readonly string[]).includes(n);
  for (const o of organizaciones) {
    const base = slug(o.nombre) || "organizacion";
    let nombre = base;
    for (let i = 2; ocupado(nombre); i++) nombre = `${base}-${i}`;
    porNombre.set(nombre, o.id);
    porId.set(o.id, nombre);
  }
  return { porNombre, porId };
}
