import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PlanGrid } from "@/components/plans/PlanCard";
import { Pagination } from "@/components/search/Pagination";
import { ArreglosSinResultados } from "@/components/search/ArreglosSinResultados";
import { BusquedaProvider, ResultadosBusqueda } from "@/components/search/BusquedaProvider";
import { SelectorVista } from "@/components/search/SelectorVista";
import { tieneCookieDeSesion } from "@/lib/users/session";
import { RecibirPlanes } from "@/components/search/RecibirPlanes";
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
import { planesDestacados, pueblosConMasPlanes, type PuebloConPlanes } from "@/lib/plans/portada";
import type { PlanApi } from "@/lib/plans/plan";
import type { ResultadoMapa } from "@/lib/busqueda/mapa";
import { buscarPlanes, buscarPlanesMapa, type ResultadoBusqueda } from "@/lib/busqueda/buscar";
import { agruparPorCuando, TITULOS_GRUPO } from "@/lib/plans/grupos";
import {
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

/** Cards on a phone's or a laptop's first screen of results: their posters are not lazy. */
const PRIMERA_PANTALLA = 2;

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

/** The page's plans of the search, and on the map view the map's plans of the same search. */
async function buscar(
  estado: EstadoBusqueda,
): Promise<{ resultado?: ResultadoBusqueda; mapa?: ResultadoMapa; error?: string }> {
  const q = consultaDeEstado(estado);
  if (!q.success) return { error: q.error.issues[0]?.message ?? mensajes.errorObtenerPlanes };
  try {
    const [resultado, mapa] = await Promise.all([
      buscarPlanes(q.data),
      estado.vista === "mapa" ? buscarPlanesMapa(q.data) : undefined,
    ]);
    return { resultado, mapa };
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
 * What a first visit sees before choosing a place: featured plans and the towns with most plans.
 * Neither is worth an error page: without them the home still searches.
 */
async function portada(): Promise<Portada> {
  try {
    const [destacados, pueblos] = await Promise.all([planesDestacados(), pueblosConMasPlanes()]);
    return { destacados, pueblos };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.error(error);
    return SIN_PORTADA;
  }
}

type Portada = { destacados: PlanApi[]; pueblos: PuebloConPlanes[] };
const SIN_PORTADA: Portada = { destacados: [], pueblos: [] };

export default async function HomePage({ searchParams }: Props) {
  const estado = leerEstado(await searchParams);
  const conLugar = hayLugar(estado);
  // The results (or the first visit's featured plans and towns) and the person's saved plans
  // (for the cards' hearts) are read side by side.
  const [{ resultado, mapa, error }, { destacados, pueblos }, favoritos, pueblo, conSesion] = await Promise.all([
    conLugar ? buscar(estado) : Promise.resolve<Awaited<ReturnType<typeof buscar>>>({}),
    conLugar ? SIN_PORTADA : portada(),
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
  if (resultado && resultado.total > 0 && resultado.planes.length === 0) {
    // Past the last page (a stale link): go to the last one.
    redirect(urlBusqueda({ ...estado, page: Math.ceil(resultado.total / POR_PAGINA) }));
  }
  // Read live, not memoized with the search answer: a verification shows on the very next page.
  const verificadas = await organizacionesVerificadas([
    ...(resultado?.planes ?? []).filter((p): p is PlanApi => p.tipo !== "Patrocinado"),
    ...destacados,
  ]);
  const total = resultado?.total ?? 0;
  const totalExacto = resultado?.totalExacto ?? true;
  const ventana = ventanaDeEstado(estado);
  // The list of the search; on the map view, what shows without script.
  const lista = (
    <>
      {error ? (
        <p role="alert" className={styles.mensaje}>
          {error}
        </p>
      ) : resultado?.mensaje ? (
        <div className={styles.mensaje}>
          <p>{resultado.mensaje}</p>
          <ArreglosSinResultados />
        </div>
      ) : (
        resultado &&
        // With a date chosen the window says when; with any date, the groups do.
        (estado.fecha ? [{ grupo: null, items: resultado.planes }] : agruparPorCuando(resultado.planes)).map(
          ({ grupo, items }, i) =>
            grupo === null ? (
              // Right under the results' h2: the cards' titles are h3 (under a group's h3, h4).
              <PlanGrid
                key="todos"
                planes={items}
                nivelTitulo={3}
                prioritarios={PRIMERA_PANTALLA}
                favoritos={favoritos}
                verificadas={verificadas}
              />
            ) : (
              <section key={grupo} className={styles.grupo} aria-labelledby={`grupo-${grupo}`}>
                <h3 id={`grupo-${grupo}`} className={styles.grupoTitulo}>
                  {TITULOS_GRUPO[grupo]}
                </h3>
                <PlanGrid
                  planes={items}
                  nivelTitulo={4}
                  prioritarios={i === 0 ? PRIMERA_PANTALLA : 0}
                  favoritos={favoritos}
                  verificadas={verificadas}
                />
              </section>
            ),
        )
      )}
      <Pagination total={total} porPagina={POR_PAGINA} />
    </>
  );
  return (
    <BusquedaProvider estado={estado}>
      {/* Once a place is chosen the hero steps aside: the results are what the person came for. */}
      <section className={conLugar ? `${styles.hero} ${styles.heroCompacto}` : styles.hero}>
        <h1 className={styles.title}>{mensajes.tituloHome}</h1>
        {!conLugar && (
          <p className={styles.lead}>
            Fiestas de pueblo, rutas, talleres, conciertos y experiencias cerca de ti. Busca tu municipio y mira qué hay
            a tu alrededor.
          </p>
        )}
      </section>

      <SearchPanel ventana={ventana && fechasTexto(ventana.desde.toISOString(), ventana.hasta.toISOString())} />

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
                {pueblo && (
                  <Link className={styles.paginaPueblo} href={pueblo.ruta} prefetch={false}>
                    {conDatos(mensajes.verPaginaPueblo, { municipio: pueblo.nombre })}
                  </Link>
                )}
                <SelectorVista />
                {!error && (
                  <RecibirPlanes
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
                )}
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
