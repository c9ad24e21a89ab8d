import "server-only";
import { ahoraDeLaPeticion } from "../ahora";
import { enIdioma, espacioDe } from "../catalogo";
import { fechasTexto } from "../dates";
import { favoritosDeLaSesion, type Favoritos } from "../favoritos/sesion";
import { municipioDeNombre } from "../geo/municipios";
import type { MunicipioConRuta } from "../geo/slug";
import { ApiError, isDatabaseUnavailable } from "../http";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { mensajes } from "../messages";
import { organizacionesVerificadas } from "../organizaciones/verificadas";
import type { PlanApi } from "../plans/plan";
import { lenguaDe } from "../plans/texto";
import { POR_PAGINA } from "../plans/constants";
import { pueblosConPlanesCercaDe, type PuebloCercano } from "../pueblos/planes";
import { planesMasAlla } from "../pueblos/mas-alla";
import { buscarPlanes, buscarPlanesMapa, soloPlanes, type ResultadoBusqueda } from "../busqueda/buscar";
import { arreglosSinResultados } from "../busqueda/estado-url";
import { leerEstadoFiltros } from "../busqueda/filtros-url";
import {
  consultaDeEstado,
  hayLugar,
  leerEstado,
  urlBusqueda,
  ventanaDeEstado,
  type EstadoBusqueda,
} from "../busqueda/estado";
import { ultimoDia } from "../busqueda/grupos";
import type { ResultadoMapa } from "../busqueda/mapa";
import { baseDelMomento } from "../busqueda/registro";
import type { Busqueda } from "../busqueda/schemas";
import { tieneCookieDeSesion } from "../users/session";
import { feedPortada, planesDestacados, pueblosConMasPlanes, type FeedPortada, type PuebloConPlanes } from "./portada";

/** What the home shows for one request: a search's results, or a first visit's plans and towns. */
export interface Inicio {
  estado: EstadoBusqueda;
  /** A place is chosen: the page is that place's search. */
  conLugar: boolean;
  ahora: number;
  /** The search's date window in the page's words, for the date control ("Del 5 al 7 de diciembre"). */
  ventanaTexto: string | null;
  /** The date order's base instant, as the search computes it: the day groups follow it. */
  base: number;
  resultado?: ResultadoBusqueda;
  mapa?: ResultadoMapa;
  error?: string;
  /** By date after the first page, the day the page before ended on (its group continues here). */
  diaAnterior?: number | null;
  total: number;
  totalExacto: boolean;
  /**
   * Nothing within the radius: the nearest plans beyond it, the nearest towns with plans beyond
   * it, whether the place has any plan at all (without words or filters), and how many plans each
   * way out of the empty search (arreglosSinResultados) would show, by its label.
   */
  vacio: {
    municipio: MunicipioConRuta | null;
    masAlla: PlanApi[];
    cercanos: PuebloCercano[];
    conPlanes: boolean;
    arreglos: Record<string, { total: number; totalExacto: boolean }>;
  } | null;
  /** The chosen town, from the gazetteer in memory: its page and the town to follow. */
  pueblo: MunicipioConRuta | null;
  conSesion: boolean;
  favoritos: Favoritos;
  verificadas: ReadonlySet<string>;
  destacados: PlanApi[];
  pueblos: PuebloConPlanes[];
  feed: FeedPortada | null;
  /** Past the last page (a stale link): the last page's address. */
  redirigirA: string | null;
}

type Portada = Pick<Inicio, "destacados" | "pueblos" | "feed">;
const SIN_PORTADA: Portada = { destacados: [], pueblos: [], feed: null };

/**
 * Reads everything the home shows, side by side where nothing depends on another answer; its
 * words (the date window, an error) in the page's language.
 */
export async function cargarInicio(
  parametros: Record<string, string | string[] | undefined>,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Promise<Inicio> {
  const estado = leerEstado(parametros);
  const conLugar = hayLugar(estado);
  const ahora = ahoraDeLaPeticion();
  const ventana = ventanaDeEstado(estado, new Date(ahora));
  const base = baseDelMomento(ahora, ventana?.desde);
  const punto = estado.lat !== null && estado.lng !== null ? { lat: estado.lat, lng: estado.lng } : null;
  const [busqueda, portadaLeida, favoritos, pueblo, conSesion] = await Promise.all([
    conLugar ? buscar(estado, base, idioma) : Promise.resolve<Busqueda_>({}),
    conLugar ? SIN_PORTADA : portada(ahora),
    favoritosDeLaSesion(),
    conLugar && estado.municipio ? municipioDeNombre(estado.municipio, punto) : null,
    tieneCookieDeSesion(),
  ]);
  const { resultado, consulta } = busqueda;
  const vacio = resultado?.total === 0 && consulta ? await sinPlanesCerca(estado, consulta, pueblo) : null;
  const redirigirA =
    resultado && resultado.total > 0 && resultado.planes.length === 0
      ? urlBusqueda({ ...estado, page: Math.ceil(resultado.total / POR_PAGINA) })
      : null;
  // Read live, not memoized with the search answer: a verification shows on the very next page.
  const verificadas = await organizacionesVerificadas([
    ...soloPlanes(resultado?.planes ?? []),
    ...portadaLeida.destacados,
    ...(vacio?.masAlla ?? []),
    ...(portadaLeida.feed?.planes ?? []),
  ]);
  return {
    estado,
    conLugar,
    ahora,
    ventanaTexto: ventana && fechasTexto(ventana.desde.toISOString(), ventana.hasta.toISOString(), idioma),
    base,
    ...busqueda,
    ...(busqueda.error && { error: enIdioma(busqueda.error, idioma) }),
    total: resultado?.total ?? 0,
    totalExacto: resultado?.totalExacto ?? true,
    vacio,
    pueblo,
    conSesion,
    favoritos,
    verificadas,
    ...portadaLeida,
    redirigirA,
  };
}

type Busqueda_ = {
  resultado?: ResultadoBusqueda;
  mapa?: ResultadoMapa;
  error?: string;
  diaAnterior?: number | null;
  consulta?: Busqueda;
};

/**
 * The page's plans of the search, and on the map view the map's plans of the same search (their
 * texts in `idioma`); by date after the first page, the day the page before ended on.
 */
async function buscar(estado: EstadoBusqueda, base: number, idioma: Idioma): Promise<Busqueda_> {
  const q = consultaDeEstado(estado);
  if (!q.success) return { error: q.error.issues[0]?.message ?? mensajes.errorObtenerPlanes };
  const anterior =
    estado.orden === "fecha" && estado.page > 1 ? consultaDeEstado({ ...estado, page: estado.page - 1 }) : null;
  try {
    const [resultado, mapa, previa] = await Promise.all([
      buscarPlanes(q.data),
      estado.vista === "mapa" ? buscarPlanesMapa(q.data, lenguaDe(idioma, espacioDe(idioma, "tarjeta"))) : undefined,
      anterior?.success ? buscarPlanes(anterior.data) : undefined,
    ]);
    return { resultado, mapa, diaAnterior: previa ? ultimoDia(previa.planes, base) : null, consulta: q.data };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    // An outage is the whole page's error (5xx, app/error.tsx, and proxy.ts's 503 next), not an
    // empty result to be cached or indexed.
    if (isDatabaseUnavailable(error)) throw error;
    console.error(error);
    return { error: mensajes.errorObtenerPlanes };
  }
}

/**
 * What a first visit sees before choosing a place: this weekend's plans near the centre of Spain
 * (the feed), featured plans and the towns with most plans. None is worth an error page:
 * without them the home still searches.
 */
async function portada(ahora: number): Promise<Portada> {
  try {
    const [destacados, pueblos, feed] = await Promise.all([
      planesDestacados(),
      pueblosConMasPlanes(),
      feedPortada(ahora),
    ]);
    return { destacados, pueblos, feed };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.error(error);
    return SIN_PORTADA;
  }
}

/**
 * An empty search's ways to plans: the nearest plans beyond its radius (same words and filters),
 * the towns with plans nearest to the point beyond the radius, how many plans each way out of it
 * would show, and whether the place has any plan at all (the same radius without words or filters).
 */
async function sinPlanesCerca(estado: EstadoBusqueda, consulta: Busqueda, pueblo: MunicipioConRuta | null) {
  const punto = estado.lat !== null && estado.lng !== null ? { lat: estado.lat, lng: estado.lng } : null;
  const municipio =
    pueblo ?? (punto ? await municipioDeNombre(estado.municipio ?? "", punto, { oElMasCercano: true }) : null);
  const desde =
    punto ?? (municipio?.lat != null && municipio.lng != null ? { lat: municipio.lat, lng: municipio.lng } : null);
  const cercanos = desde ? await pueblosConPlanesCercaDe(desde, 6, municipio?.ine, estado.radio) : [];
  const total = async (cambios: Partial<EstadoBusqueda>) => {
    const q = consultaDeEstado({ ...estado, ...cambios, page: 1 });
    if (!q.success) return { total: 0, totalExacto: true };
    const { total, totalExacto } = await buscarPlanes(q.data);
    return { total, totalExacto };
  };
  const salidas = arreglosSinResultados(estado);
  const [masAlla, todos, ...cuentas] = await Promise.all([
    desde ? planesMasAlla(consulta, desde, cercanos) : [],
    total(leerEstadoFiltros({})),
    ...salidas.map((a) => total(a.cambios)),
  ]);
  const arreglos = Object.fromEntries(salidas.map((a, i) => [a.etiqueta, cuentas[i]]));
  return { municipio, masAlla, cercanos, conPlanes: todos.total > 0, arreglos };
}
