import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { idiomaDePagina, palabrasDePagina, redirigir, rutaDePagina } from "@/lib/idioma-de-pagina";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { cookies } from "next/headers";
import { BusquedaProvider, ResultadosBusqueda } from "@/components/busqueda/BusquedaProvider";
import { ListaResultados } from "@/components/busqueda/ListaResultados";
import { RecordarLugar } from "@/components/busqueda/RecordarLugar";
import { FiltrosBusqueda, SearchPanel } from "@/components/busqueda/SearchPanel";
import { SelectorOrden, SelectorVista } from "@/components/busqueda/SelectorVista";
import { SinScript, VistaMapa } from "@/components/busqueda/VistaMapa";
import { FeedPrimeraVisita } from "@/components/portada/FeedPrimeraVisita";
import styles from "@/components/portada/portada.module.css";
import { SinLugar } from "@/components/portada/SinLugar";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { urlsFeedBusqueda } from "@/lib/difusion/feed-url";
import { conDatos } from "@/lib/con-datos";
import { planesTexto } from "@/lib/plans/cantidades";
import { palabrasPlanesDePagina } from "@/lib/plans/cantidades-pagina";
import { cargarInicio } from "@/lib/portada/cargar";
import { COOKIE_LUGAR, destinoDeSeguidos } from "@/lib/portada/destino";
import { leerLugarRecordado } from "@/lib/busqueda/lugar-recordado";
import { currentUser, tieneCookieDeSesion } from "@/lib/users/session";
import { site } from "@/lib/site";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const estado = leerEstado(await searchParams);
  if (!estado.municipio) return conVersiones({ alternates: { canonical: "/" } });
  // A place's first page is worth indexing; filtered and later pages point to it.
  const base = urlBusqueda({ ...leerEstado({}), municipio: estado.municipio, lat: estado.lat, lng: estado.lng });
  const [b, d] = await Promise.all([palabrasDePagina("buscador"), palabrasDePagina("difusion")]);
  const municipio = { municipio: estado.municipio };
  // <link rel="alternate" type="application/atom+xml">: this search's plans as a feed.
  const atom = {
    url: urlsFeedBusqueda(estado, site().url).atom,
    title: conDatos(d.feedTituloBusqueda, { lugar: estado.municipio }),
  };
  return conVersiones({
    title: conDatos(b.tituloCerca, municipio),
    description: conDatos(b.descripcionCerca, municipio),
    alternates: { canonical: base, types: { "application/atom+xml": [atom] } },
  });
}

/**
 * The heading and the search: side by side on a laptop's first visit (no empty half screen);
 * once a place is chosen, as they are, so the search bar can stick to the top of the page.
 */
function Arriba({ conLugar, children }: { conLugar: boolean; children: React.ReactNode }) {
  return conLugar ? <>{children}</> : <div className={styles.arriba}>{children}</div>;
}

/**
 * A signed-in person who arrives at the bare home with no remembered place starts at the first
 * town they follow (the remembered place, when there is one, is proxy.ts's redirect).
 */
async function inicioDeSeguidos(parametros: Record<string, unknown>): Promise<string | null> {
  if (Object.keys(parametros).length > 0 || !(await tieneCookieDeSesion())) return null;
  if (leerLugarRecordado((await cookies()).get(COOKIE_LUGAR)?.value)) return null;
  const usuario = await currentUser();
  return usuario ? destinoDeSeguidos(usuario.id) : null;
}

/** The namespaces the home's browser components read: the search's controls and map, the weekly e-mail's form. */
const ESPACIOS = ["busqueda", "buscador", "ubicacion", "seguir"] as const;

export default async function HomePage({ searchParams }: Props) {
  const parametros = await searchParams;
  const seguido = await inicioDeSeguidos(parametros);
  if (seguido) await redirigir(seguido);
  const inicio = await cargarInicio(parametros, await idiomaDePagina());
  if (inicio.redirigirA) await redirigir(inicio.redirigirA);
  const { estado, conLugar, resultado, mapa, feed, total, totalExacto, pueblo } = inicio;
  // The place of the URL, named and with its point: the one a link brought the person to.
  const lat = estado.lat ?? pueblo?.lat ?? null;
  const lng = estado.lng ?? pueblo?.lng ?? null;
  const lugar = estado.municipio && lat !== null && lng !== null ? { municipio: estado.municipio, lat, lng } : null;
  const [general, b, cuentas, verLista] = await Promise.all([
    palabrasDePagina("general"),
    palabrasDePagina("buscador"),
    palabrasPlanesDePagina(),
    rutaDePagina(urlBusqueda({ ...estado, vista: "lista" })),
  ]);
  return (
    <ConPalabras espacios={ESPACIOS}>
      <BusquedaProvider estado={estado}>
        <RecordarLugar lugar={lugar} />
        <Arriba conLugar={conLugar}>
          {/* Once a place is chosen the hero steps aside: the results are what the person came for. */}
          <section className={conLugar ? `${styles.hero} ${styles.heroCompacto}` : styles.hero}>
            <h1 className={styles.title}>{general.tituloHome}</h1>
            {!conLugar && <p className={styles.lead}>{b.entradilla}</p>}
          </section>

          {/* Beside the example place's plans, 'Usar mi ubicación' is offered there, not twice. */}
          <SearchPanel
            ventana={inicio.ventanaTexto}
            conUbicacion={conLugar || !feed}
            lugarPorDefecto={
              feed?.municipio.lat != null && feed.municipio.lng != null
                ? { municipio: feed.municipio.nombre, lat: feed.municipio.lat, lng: feed.municipio.lng }
                : undefined
            }
          />
        </Arriba>

        {!conLugar && feed && <FeedPrimeraVisita feed={feed} inicio={inicio} />}

        <div className={conLugar ? styles.cuerpo : undefined}>
          <FiltrosBusqueda total={total} totalExacto={totalExacto} />
          {conLugar && (
            <ResultadosBusqueda
              aria-labelledby="resultados-titulo"
              mapa={mapa !== undefined}
              cabecera={
                <div className={styles.resultadosCabecera}>
                  <h2 id="resultados-titulo">
                    {estado.municipio
                      ? conDatos(b.tituloCerca, { municipio: estado.municipio })
                      : b.tituloCercaSinLugar}
                  </h2>
                  {total > 0 && <p>{planesTexto(total, cuentas, totalExacto)}</p>}
                  {/* Nothing to order or to map in an empty search. */}
                  {total > 0 && <SelectorOrden />}
                  {total > 0 && <SelectorVista />}
                </div>
              }
            >
              {/* A map with nothing on it helps no one: an empty search shows its message and fixes. */}
              {mapa && !resultado?.mensaje ? (
                <>
                  <VistaMapa mapa={mapa} radioKm={estado.radio} verLista={verLista} />
                  {/* Without script the map cannot show: the same search as a list. */}
                  <SinScript>
                    <ListaResultados inicio={inicio} />
                  </SinScript>
                </>
              ) : (
                <ListaResultados inicio={inicio} />
              )}
            </ResultadosBusqueda>
          )}
        </div>

        {!conLugar && <SinLugar inicio={inicio} />}
      </BusquedaProvider>
    </ConPalabras>
  );
}
