import { proximaMedianocheMadrid } from "../dates";
import { municipioDeNombre, municipioDeRuta, provinciaDeRuta } from "../geo/municipios";
import { pool } from "./pool";

/**
 * What a public page or answer shows, as tags a CDN can purge by, and the instant it changes by
 * the clock alone. Read from what was rendered, so it never drifts from the components: every plan
 * the page links to (`/plan/<título>/<id>` in HTML, `"_id"` in the apps' JSON), the plan, town,
 * province or organization its address names, and the home's own sections.
 *
 *  - `plan-<id>`, `municipio-<ine>`, `provincia-<código>`, `org-<id>`: written by the triggers of
 *    prisma/migrations/20261130000000_purga_cdn for every change to a plan (its old and new
 *    town and organization) or an organization;
 *  - `portada`: the generic home's featured plans and feed (a plan comes, goes, is hidden or
 *    featured); `patrocinios`: the sponsor cards of the lists.
 *  - The clock: the next Madrid midnight (day groups, "Hoy", "Este finde"), and the end and the
 *    featuring's end of every plan shown.
 */
export interface Etiquetado {
  etiquetas: string[];
  /** Epoch ms at which the page changes by the clock alone (Infinity: never). */
  hasta: number;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ENLACE_PLAN = new RegExp(`/plan/[^/"'?#\\s<>]+/(${UUID})`, "gi");
const ID_JSON = new RegExp(`"_id":"(${UUID})"`, "gi");
/** A page with more plans than this names the first ones; `s-maxage` covers the rest. */
const MAX_PLANES = 100;

const LEGAL = /^\/(aviso-legal|condiciones-generales|cookies|politica-privacidad|nosotros)$/;

/** The ids of the plans a rendered HTML page or JSON answer shows, in order, without repeats. */
export function planesMostrados(cuerpo: string): string[] {
  const ids = new Set<string>();
  for (const m of cuerpo.matchAll(ENLACE_PLAN)) ids.add(m[1].toLowerCase());
  for (const m of cuerpo.matchAll(ID_JSON)) ids.add(m[1].toLowerCase());
  return [...ids].slice(0, MAX_PLANES);
}

/** The tags of an address itself: the plan, organization, town or province it names, the home's sections. */
async function etiquetasDeRuta(url: URL): Promise<{ etiquetas: string[]; planes: string[] }> {
  const partes = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const [primera, segunda, tercera] = partes;
  if (primera === "plan" && tercera) return { etiquetas: [], planes: [tercera.toLowerCase()] };
  if (primera === "org" && tercera) return { etiquetas: [`org-${tercera.toLowerCase()}`], planes: [] };
  if (primera === "planes" && segunda && tercera) {
    const m = (await municipioDeRuta(segunda, tercera))?.municipio;
    return { etiquetas: ["patrocinios", ...(m ? [`municipio-${m.ine}`] : [])], planes: [] };
  }
  if (primera === "planes" && segunda) {
    const p = await provinciaDeRuta(segunda);
    return { etiquetas: p ? [`provincia-${p.municipios[0].ine.slice(0, 2)}`] : [], planes: [] };
  }
  if (url.pathname === "/") {
    const nombre = url.searchParams.get("municipio");
    const lat = Number(url.searchParams.get("lat"));
    const lng = Number(url.searchParams.get("lng"));
    const punto = Number.isFinite(lat) && Number.isFinite(lng) && url.searchParams.has("lat") ? { lat, lng } : null;
    const m = nombre ? await municipioDeNombre(nombre, punto) : null;
    return { etiquetas: ["portada", "patrocinios", ...(m ? [`municipio-${m.ine}`] : [])], planes: [] };
  }
  return { etiquetas: [], planes: [] };
}

/** The tags and clock of what was rendered at `url` (see above). */
export async function etiquetar(url: URL, cuerpo: string, ahora = Date.now()): Promise<Etiquetado> {
  if (LEGAL.test(url.pathname)) return { etiquetas: ["legal"], hasta: Infinity };
  const deRuta = await etiquetasDeRuta(url);
  const ids = [...new Set([...deRuta.planes, ...planesMostrados(cuerpo)])];
  const etiquetas = new Set(deRuta.etiquetas);
  let hasta = proximaMedianocheMadrid(ahora);
  if (ids.length > 0) {
    const { rows } = await pool().query<{
      id: string;
      ine: string | null;
      org: string | null;
      fin: Date | null;
      destacado: Date | null;
    }>(
      `SELECT id::text, municipio_ine AS ine, organizacion_id::text AS org, fecha_fin AS fin, destacado_hasta AS destacado
       FROM plan WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    for (const p of rows) {
      etiquetas.add(`plan-${p.id}`);
      if (p.ine) etiquetas.add(`municipio-${p.ine}`).add(`provincia-${p.ine.slice(0, 2)}`);
      if (p.org) etiquetas.add(`org-${p.org}`);
      for (const instante of [p.fin, p.destacado])
        if (instante && instante.getTime() > ahora) hasta = Math.min(hasta, instante.getTime());
    }
  }
  return { etiquetas: [...etiquetas], hasta };
}
