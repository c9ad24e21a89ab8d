import type { Metadata } from "next";
import { ahoraDeLaPeticion } from "@/lib/ahora";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PlanGrid } from "@/components/plans/PlanCard";
import { Pagination } from "@/components/search/Pagination";
import { ArreglosSinResultados } from "@/components/search/ArreglosSinResultados";
import { SinPlanesCerca } from "@/components/pueblos/SinPlanesCerca";
import { planesMasAlla } from "@/lib/busqueda/mas-alla";
import { pueblosCercanosConPlanes } from "@/lib/pueblos/planes";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import type { Busqueda } from "@/lib/busqueda/schemas";
import { BusquedaProvider, ResultadosBusqueda } from "@/components/search/BusquedaProvider";
import { SelectorOrden, SelectorVista } from "@/components/search/SelectorVista";
import { tieneCookieDeSesion } from "@/lib/users/session";
import { SeguirBusqueda } from "@/components/search/SeguirBusqueda";
import { ListaPueblos } from "@/components/pueblos/ListaPueblos";
import { SinScript, VistaMapa } from "@/components/search/VistaMapa";
import { FiltrosBusqueda, SearchPanel, SoloSinLugar } from "@/components/search/SearchPanel";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { organizacionesVerificadas } from "@/lib/orgs/verificadas";
import { ApiError, isDatabaseUnavailable } from "@/lib/http";
import { conDatos, mensajes } from "@/lib/messages";
import { municipioDeNombre } from "@/lib/geo/municipios";
import { fechasTexto } from "@/lib/dates";
import { planesTexto } from "@/lib/plans/texto";
import {
  feedPortada,
  planesDestacados,
  pueblosConMasPlanes,
  type FeedPortada,
  type PuebloConPlanes,
} from "@/lib/plans/portada";
import { ElegirPueblo } from "@/components/search/ElegirPueblo";
import type { PlanApi } from "@/lib/plans/plan";
import type { ResultadoMapa } from "@/lib/busqueda/mapa";
import { buscarPlanes, buscarPlanesMapa, soloPlanes, type ResultadoBusqueda } from "@/lib/busqueda/buscar";
import { agruparPorDia, ultimoDia } from "@/lib/plans/grupos";
import { baseDelMomento } from "@/lib/busqueda/registro";
import { ListaPorDias } from "@/components/plans/ListaPorDias";
import {
  arreglosSinResultados,
  consultaDeEstado,
  hayLugar,
  leerEstado,
  urlBusqueda,
  ventanaDeEstado,
  type EstadoBusqueda,
} from "@/lib/busqueda/estado";
import { POR_PAGINA } from "@/lib/plans/constants";
import { urlsFeedBusqueda } from "@/lib/difusion/feed-url";
import { ENLACES_EXTERNOS, site } from "@/lib/site";
import styles from "./page.module.css";

/**
 * Cards whose posters load at once, with high priority: the first, the one a phone's first screen
 * shows and the page's largest paint. Lighthouse mobile on the home with a search, 3 runs: 95
 * median with one, 93 (of 5) with two sharing the bandwidth. The rest are lazy, which in view
 * still means at once.
 */
const PRIMERA_PANTALLA = 1;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const estado = leerEstado(await searchParams);
  if (!estado.municipio) return { alternates: { canonical: "/" } };
  // A place's first page is worth indexing; filtered and later pages point to it.
  const base = urlBusqueda({ ...leerEstado({}), municipio: estado.municipio, lat: estado.lat, lng: estado.lng });
  // <link rel="alternate" type="application/atom+xml">: this search's plans as a feed.
  const atom = {
    url: urlsFeedBusqueda(estado, site().url).atom,
    title: conDatos(mensajes.feedTituloBusqueda, { lugar: estado.municipio }),
  };
  return {
    title: `Planes cerca de ${estado.municipio}`,
    description: `Fiestas, eventos, rutas y experiencias cerca de ${estado.municipio}: mira qué hay a tu alrededor.`,
    alternates: { canonical: base, types: { "application/atom+xml": [atom] } },
  };
}

/**
 * The page's plans of the search, and on the map view the map's plans of the same search; by
 * date after the first page, the day the page before ended on (its group continues here).
 */
async function buscar(
  estado: EstadoBusqueda,
  base: number,
): Promise<{
  resultado?: ResultadoBusqueda;
  mapa?: ResultadoMapa;
  error?: string;
  diaAnterior?: number | null;
  consulta?: Busqueda;
}> {
  const q = consultaDeEstado(estado);
  if (!q.success) return { error: q.error.issues[0]?.message ?? mensajes.errorObtenerPlanes };
  const anterior =
    estado.orden === "fecha" && estado.page > 1 ? consultaDeEstado({ ...estado, page: estado.page - 1 }) : null;
  try {
    const [resultado, mapa, previa] = await Promise.all([
      buscarPlanes(q.data),
      estado.vista === "mapa" ? buscarPlanesMapa(q.data) : undefined,
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
 * An empty search's ways to plans: the nearest plans beyond its radius (same filters) and the
 * towns with plans nearest to the place (the town chosen, or the one nearest to the point).
 */
async function sinPlanesCerca(estado: EstadoBusqueda, consulta: Busqueda, pueblo: MunicipioConRuta | null) {
  const punto = estado.lat !== null && estado.lng !== null ? { lat: estado.lat, lng: estado.lng } : null;
  const municipio =
    pueblo ?? (punto ? await municipioDeNombre(estado.municipio ?? "", punto, { oElMasCercano: true }) : null);
  const cercanos = municipio ? await pueblosCercanosConPlanes(municipio) : [];
  const desde =
    punto ?? (municipio?.lat != null && municipio.lng != null ? { lat: municipio.lat, lng: municipio.lng } : null);
  const masAlla = desde ? await planesMasAlla(consulta, desde, cercanos) : [];
  return { municipio, masAlla, cercanos };
}

/**
 * The heading and the search: side by side on a laptop's first visit (no empty half screen);
 * once a place is chosen, as they are, so the search bar can stick to the top of the page.
 */
function Arriba({ conLugar, children }: { conLugar: boolean; children: React.ReactNode }) {
  return conLugar ? <>{children}</> : <div className={styles.arriba}>{children}</div>;
}

type Portada = { destacados: PlanApi[]; pueblos: PuebloConPlanes[]; feed: FeedPortada | null };
const SIN_PORTADA: Portada = { destacados: [], pueblos: [], feed: null };

export default async function HomePage({ searchParams }: Props) {
  const estado = leerEstado(await searchParams);
  const conLugar = hayLugar(estado);
  const ahora = ahoraDeLaPeticion();
  const ventana = ventanaDeEstado(estado, new Date(ahora));
  // The date order's base instant, as the search computes it: the day groups follow it.
  const base = baseDelMomento(ahora, ventana?.desde);
  // The results (or the first visit's featured plans and towns) and the person's saved plans
  // (for the cards' hearts) are read side by side.
  const [
    { resultado, mapa, error, diaAnterior, consulta },
    { destacados, pueblos, feed },
    favoritos,
    pueblo,
    conSesion,
  ] = await Promise.all([
    conLugar ? buscar(estado, base) : Promise.resolve<Awaited<ReturnType<typeof buscar>>>({}),
    conLugar ? SIN_PORTADA : portada(ahora),
    favoritosDeLaSesion(),
    // The chosen town, from the gazetteer in memory (no query): its page (/planes/…) and the
    // town to follow.
    conLugar && estado.municipio
      ? municipioDeNombre(
          estado.municipio,
          estado.lat !== null && estado.lng !== null ? { lat: estado.lat, lng: estado.lng } : null,
        )
      : null,
    tieneCookieDeSesion(),
  ]);
  // Nothing within the radius: the nearest plans beyond it and the nearest towns with plans.
  const vacio = resultado?.total === 0 && consulta ? await sinPlanesCerca(estado, consulta, pueblo) : null;
  if (resultado && resultado.total > 0 && resultado.planes.length === 0) {
    // Past the last page (a stale link): go to the last one.
    redirect(urlBusqueda({ ...estado, page: Math.ceil(resultado.total / POR_PAGINA) }));
  }
  // Read live, not memoized with the search answer: a verification shows on the very next page.
  const verificadas = await organizacionesVerificadas([
    ...soloPlanes(resultado?.planes ?? []),
    ...destacados,
    ...(vacio?.masAlla ?? []),
    ...(feed?.planes ?? []),
  ]);
  const total = resultado?.total ?? 0;
  const totalExacto = resultado?.totalExacto ?? true;
  // Ways to keep getting this search's plans: after the first results, never above them.
  const seguir = !error && total > 0 && (
    <div className={styles.seguirTrasResultados}>
      <SeguirBusqueda
        feeds={urlsFeedBusqueda(estado, site().url)}
        pueblo={
          pueblo && {
            ine: pueblo.ine,
            nombre: pueblo.nombre,
            radio: estado.radio,
            categorias: estado.categorias,
          }
        }
        conSesion={conSesion}
      />
    </div>
  );
  // The list of the search; on the map view, what shows without script.
  const lista = (
    <>
      {error ? (
        <p role="alert" className={styles.mensaje}>
          {error}
        </p>
      ) : resultado?.mensaje ? (
        <>
          <div className={styles.mensaje}>
            {/* With nothing left to widen, the search's own advice would be a dead end. */}
            <p>
              {arreglosSinResultados(estado).length === 0 && estado.municipio
                ? conDatos(mensajes.puebloVacio, { km: String(estado.radio), municipio: estado.municipio })
                : resultado.mensaje}
            </p>
            <ArreglosSinResultados />
          </div>
          {vacio && (
            <SinPlanesCerca
              municipio={vacio.municipio}
              masAlla={vacio.masAlla}
              cercanos={vacio.cercanos}
              radio={estado.radio}
              categorias={estado.categorias}
              conSesion={conSesion}
              favoritos={favoritos}
              verificadas={verificadas}
            />
          )}
        </>
      ) : (
        resultado &&
        // By date (the web's order), in day groups; nearest first, one grid.
        (estado.orden === "fecha" ? (
          <ListaPorDias
            grupos={agruparPorDia(resultado.planes, { base, ahora, diaAnterior })}
            id="dia"
            prioritarios={PRIMERA_PANTALLA}
            favoritos={favoritos}
            verificadas={verificadas}
            trasElPrimero={seguir}
          />
        ) : (
          <>
            <PlanGrid
              planes={resultado.planes}
              nivelTitulo={3}
              prioritarios={PRIMERA_PANTALLA}
              favoritos={favoritos}
              verificadas={verificadas}
            />
            {seguir}
          </>
        ))
      )}
      <Pagination total={total} porPagina={POR_PAGINA} />
      {pueblo && total > 0 && (
        <p>
          <Link className={styles.paginaPueblo} href={pueblo.ruta} prefetch={false}>
            {conDatos(mensajes.verPaginaPueblo, { municipio: pueblo.nombre })}
          </Link>
        </p>
      )}
    </>
  );
  return (
    <BusquedaProvider estado={estado}>
      <Arriba conLugar={conLugar}>
        {/* Once a place is chosen the hero steps aside: the results are what the person came for. */}
        <section className={conLugar ? `${styles.hero} ${styles.heroCompacto}` : styles.hero}>
          <h1 className={styles.title}>{mensajes.tituloHome}</h1>
          {!conLugar && (
            <p className={styles.lead}>
              Fiestas de pueblo, rutas, talleres, conciertos y experiencias cerca de ti. Busca tu municipio y mira qué
              hay a tu alrededor.
            </p>
          )}
        </section>

        <SearchPanel ventana={ventana && fechasTexto(ventana.desde.toISOString(), ventana.hasta.toISOString())} />
      </Arriba>

      {/* A first visit starts with plans: this weekend's near the centre of Spain, by day. */}
      {!conLugar && feed && (
        <section className={styles.feed} aria-labelledby="feed-titulo">
          <div className={styles.feedCabecera}>
            <h2 id="feed-titulo">
              {conDatos(feed.cuando === "finde" ? mensajes.feedFinde : mensajes.feedProximos, {
                municipio: feed.municipio.nombre,
              })}
            </h2>
            <p>
              {mensajes.feedNoEsTuZona} <ElegirPueblo />
            </p>
          </div>
          <ListaPorDias
            grupos={agruparPorDia(feed.planes, { base: feed.base, ahora })}
            id="feed"
            prioritarios={PRIMERA_PANTALLA}
            favoritos={favoritos}
            verificadas={verificadas}
          />
          <p className={styles.feedMas}>
            <Link
              href={urlBusqueda({
                ...leerEstado({}),
                municipio: feed.municipio.nombre,
                lat: feed.municipio.lat,
                lng: feed.municipio.lng,
              })}
              prefetch={false}
            >
              {conDatos(mensajes.feedVerMas, { municipio: feed.municipio.nombre })}
            </Link>
          </p>
        </section>
      )}

      <div className={conLugar ? styles.cuerpo : undefined}>
        <FiltrosBusqueda total={total} totalExacto={totalExacto} />
        {conLugar && (
          <ResultadosBusqueda
            aria-labelledby="resultados-titulo"
            mapa={mapa !== undefined}
            cabecera={
              <div className={styles.resultadosCabecera}>
                <h2 id="resultados-titulo">
                  {estado.municipio ? `Planes cerca de ${estado.municipio}` : "Planes cerca"}
                </h2>
                {total > 0 && <p>{planesTexto(total, totalExacto)}</p>}
                {/* Nothing to order or to map in an empty search. */}
                {total > 0 && <SelectorOrden />}
                {total > 0 && <SelectorVista />}
              </div>
            }
          >
            {/* A map with nothing on it helps no one: an empty search shows its message and fixes. */}
            {mapa && !resultado?.mensaje ? (
              <>
                <VistaMapa mapa={mapa} radioKm={estado.radio} verLista={urlBusqueda({ ...estado, vista: "lista" })} />
                {/* Without script the map cannot show: the same search as a list. */}
                <SinScript>{lista}</SinScript>
              </>
            ) : (
              lista
            )}
          </ResultadosBusqueda>
        )}
      </div>

      {!conLugar && (
        <SoloSinLugar>
          <section className={styles.promo} aria-labelledby="promo-titulo">
            <h2 id="promo-titulo" className={styles.promoTitle}>
              Llévate los planes en el bolsillo
            </h2>
            <p>Publicar es gratis. Descarga la app y no te pierdas nada de lo que pasa en tu zona.</p>
            <div className={styles.badges}>
              <a className="button" href={ENLACES_EXTERNOS.appStore} rel="noopener noreferrer" target="_blank">
                App Store
              </a>
              <a className="button" href={ENLACES_EXTERNOS.googlePlay} rel="noopener noreferrer" target="_blank">
                Google Play
              </a>
            </div>
          </section>

          {destacados.length > 0 && (
            <section className={styles.portada} aria-labelledby="destacados-titulo">
              <h2 id="destacados-titulo" className={styles.portadaTitulo}>
                Destacados
              </h2>
              {/* Below the fold: their posters load as they come into view. A row to swipe on a phone. */}
              <div className={styles.carrusel}>
                <PlanGrid planes={destacados} nivelTitulo={3} favoritos={favoritos} verificadas={verificadas} />
              </div>
            </section>
          )}

          {pueblos.length > 0 && (
            <section className={styles.portada} aria-labelledby="pueblos-titulo">
              <h2 id="pueblos-titulo" className={styles.portadaTitulo}>
                Pueblos con más planes
              </h2>
              <ListaPueblos
                pueblos={pueblos.map((p) => ({
                  clave: `${p.municipio}|${p.provincia}`,
                  href: urlBusqueda({ ...leerEstado({}), municipio: p.municipio, lat: p.lat, lng: p.lng }),
                  nombre: p.municipio,
                  detalle: `${p.provincia} · ${planesTexto(p.planes)}`,
                }))}
              />
            </section>
          )}
        </SoloSinLugar>
      )}
    </BusquedaProvider>
  );
}
