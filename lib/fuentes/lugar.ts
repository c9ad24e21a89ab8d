import { distanciaKm, municipioMasCercano, slug, type MunicipioConRuta, type NomenclatorMunicipios } from "../geo/slug";
import type { Lugar } from "./tipos";

/** A point farther than this from every town's centre names no town (a point at sea, abroad). */
const KM_AL_MAS_CERCANO = 30;
/** Longest town name, in words, looked for inside a place's text ("San Sebastián de los Reyes"). */
const MAX_PALABRAS = 6;

/** The provinces a text names, by their canonical slug ("Valencia/València" → valencia). */
function provinciasNombradas(n: NomenclatorMunicipios, textos: (string | null)[]): Set<string> {
  const nombradas = new Set<string>();
  for (const t of textos) {
    if (!t) continue;
    const palabras = slug(t).split("-").filter(Boolean);
    for (let i = 0; i < palabras.length; i++)
      for (let k = 1; k <= 3 && i + k <= palabras.length; k++) {
        const p = n.provincias.get(palabras.slice(i, i + k).join("-"));
        if (p) nombradas.add(p);
      }
  }
  return nombradas;
}

/** Of the towns that share a name, the one in a named province, else the nearest to `cerca`, else the most populated. */
function elegir(
  candidatos: MunicipioConRuta[],
  provincias: Set<string>,
  cerca: { lat: number; lng: number } | null,
): MunicipioConRuta | null {
  const conPunto = candidatos.filter((m) => m.lat !== null && m.lng !== null);
  if (conPunto.length === 0) return null;
  const enProvincia = conPunto.filter((m) => provincias.has(m.provinciaSlug));
  const lista = enProvincia.length > 0 ? enProvincia : conPunto;
  const clave = (m: MunicipioConRuta) =>
    cerca ? distanciaKm(cerca, { lat: m.lat!, lng: m.lng! }) : -(m.poblacion ?? 0);
  return lista.reduce((mejor, m) => (clave(m) < clave(mejor) ? m : mejor));
}

/**
 * The towns a free text names: each comma-separated part, from the last (addresses end with
 * the town and province: "Plaza Mayor 1, 28001 Madrid") to the first, is looked for whole, then
 * its runs of words, longest first; a part that is a province's name comes last. Runs shorter
 * than four letters never name a town.
 */
function nombradosEnTexto(n: NomenclatorMunicipios, texto: string): MunicipioConRuta[][] {
  const partes = texto
    .split(/[,;()\n|·–—]+|\s-\s/)
    .map((p) => slug(p.replace(/\b\d{5}\b/g, " ")))
    .filter(Boolean)
    .reverse();
  // "…, Castejón, Cuenca": a part that names a province names the town of that name only when no
  // other part names one.
  partes.sort((a, b) => Number(n.provincias.has(a)) - Number(n.provincias.has(b)));
  const hallados: MunicipioConRuta[][] = [];
  for (const parte of partes) {
    const entera = n.porNombre.get(parte);
    if (entera) {
      hallados.push(entera);
      continue;
    }
    const palabras = parte.split("-");
    for (let k = Math.min(MAX_PALABRAS, palabras.length); k >= 1; k--) {
      for (let i = palabras.length - k; i >= 0; i--) {
        const s = palabras.slice(i, i + k).join("-");
        if (s.length < 4) continue;
        const lista = n.porNombre.get(s);
        if (lista) hallados.push(lista);
      }
      if (hallados.length > 0) return hallados;
    }
  }
  return hallados;
}

/** Articles that agendas write after a town's name: "Tiemblo (El)", "Hospitalet de Llobregat, L'". */
const ARTICULO_DETRAS = /^(.+?)\s*(?:\(\s*([^()]+?)\s*\)|,\s*([^,]+?))\s*$/;
const ARTICULOS = new Set([
  "el",
  "la",
  "los",
  "las",
  "l'",
  "lo",
  "els",
  "les",
  "es",
  "sa",
  "ses",
  "o",
  "a",
  "os",
  "as",
]);

/**
 * A town's name as written, and the same with an article written after it put in front ("Tiemblo
 * (El)" → "El Tiemblo", "Adrada, La" → "La Adrada"), and each half of a bilingual name
 * ("Donostia / San Sebastián").
 */
export function variantesNombre(nombre: string): string[] {
  const salida = [nombre];
  const m = ARTICULO_DETRAS.exec(nombre);
  const articulo = m && (m[2] ?? m[3]);
  if (m && articulo && ARTICULOS.has(articulo.toLowerCase()))
    salida.push(articulo.endsWith("'") ? `${articulo}${m[1]}` : `${articulo} ${m[1]}`);
  if (nombre.includes("/"))
    salida.push(
      ...nombre
        .split("/")
        .map((p) => p.trim())
        .filter(Boolean),
    );
  return salida;
}

/**
 * The municipality of an imported item's place: the one its INE code names, when the source
 * gives one; else the town nearest to its coordinates (a town the place names, when it lies
 * within 30 km of them: a hamlet's point finds the municipality around it); else the town its
 * fields or its text name, in the province they name when several towns share the name; else
 * the source's default; else null (the item is discarded "sin municipio").
 */
export function municipioDelLugar(
  n: NomenclatorMunicipios,
  lugar: Lugar,
  porDefecto: MunicipioConRuta | null,
): MunicipioConRuta | null {
  const porIne = lugar.ine ? n.porIne.get(lugar.ine) : undefined;
  if (porIne && porIne.lat !== null) return porIne;
  const punto = lugar.lat !== null && lugar.lng !== null ? { lat: lugar.lat, lng: lugar.lng } : null;
  const provincias = provinciasNombradas(n, [lugar.provincia, lugar.texto, lugar.direccion]);
  if (porDefecto && provincias.size === 0) provincias.add(porDefecto.provinciaSlug);
  const cerca = punto ?? (porDefecto?.lat != null ? { lat: porDefecto.lat, lng: porDefecto.lng! } : null);
  const nombrados: MunicipioConRuta[][] = [];
  if (lugar.municipio) {
    const lista = variantesNombre(lugar.municipio)
      .map((v) => n.porNombre.get(slug(v)))
      .find(Boolean);
    if (lista) nombrados.push(lista);
  }
  for (const t of [lugar.direccion, lugar.texto]) if (t) nombrados.push(...nombradosEnTexto(n, t));
  if (punto) {
    const cercanos = nombrados
      .flat()
      .filter(
        (m) => m.lat !== null && m.lng !== null && distanciaKm(punto, { lat: m.lat, lng: m.lng }) <= KM_AL_MAS_CERCANO,
      );
    if (cercanos.length > 0) return elegir(cercanos, provincias, punto);
    const masCercano = municipioMasCercano(n, punto);
    if (masCercano && distanciaKm(punto, { lat: masCercano.lat!, lng: masCercano.lng! }) <= KM_AL_MAS_CERCANO)
      return masCercano;
    return null;
  }
  for (const lista of nombrados) {
    const m = elegir(lista, provincias, cerca);
    if (m) return m;
  }
  return porDefecto;
}

/** Distinct places remembered by one lookup: an agenda's items share few (a town's centre, its venues). */
const LUGARES_RECORDADOS = 10_000;

/** Other countries as agendas write them beside a place (in Spanish, Catalan, Basque, Galician and their own), by slug. */
const PAISES = new Set([
  "portugal",
  "francia",
  "franca",
  "france",
  "frantzia",
  "andorra",
  "gibraltar",
  "marruecos",
  "maroc",
  "italia",
  "alemania",
  "reino-unido",
  "suiza",
  "belgica",
]);

/**
 * Whether a place that names no town of Spain lies abroad: its text names another country as a
 * whole part ("Biarritz, Francia"), or its point is farther than 30 km from every town's centre
 * (a venue in Porto, in Toulouse). A place that is simply not found is "sin municipio".
 */
export function lugarFueraDeEspana(n: NomenclatorMunicipios, lugar: Lugar): boolean {
  for (const t of [lugar.municipio, lugar.provincia, lugar.direccion, lugar.texto])
    if (t?.split(/[,;()\n|·–—/]+|\s-\s/).some((parte) => PAISES.has(slug(parte)))) return true;
  if (lugar.lat === null || lugar.lng === null) return false;
  const punto = { lat: lugar.lat, lng: lugar.lng };
  const masCercano = municipioMasCercano(n, punto);
  return !masCercano || distanciaKm(punto, { lat: masCercano.lat!, lng: masCercano.lng! }) > KM_AL_MAS_CERCANO;
}

/**
 * `municipioDelLugar` for one sync's items, each distinct place looked up once: a regional
 * agenda names the same venues and towns thousands of times.
 */
export function buscadorDeMunicipios(
  n: NomenclatorMunicipios,
  porDefecto: MunicipioConRuta | null,
): (lugar: Lugar) => MunicipioConRuta | null {
  const vistos = new Map<string, MunicipioConRuta | null>();
  return (l) => {
    const clave = [l.ine, l.municipio, l.provincia, l.texto, l.direccion, l.lat, l.lng].join("\u0000");
    let m = vistos.get(clave);
    if (m === undefined) {
      m = municipioDelLugar(n, l, porDefecto);
      if (vistos.size >= LUGARES_RECORDADOS) vistos.clear();
      vistos.set(clave, m);
    }
    return m;
  };
}
