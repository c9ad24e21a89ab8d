import Link from "@/components/idioma/Enlace";
import { ArreglosSinResultados } from "@/components/busqueda/ArreglosSinResultados";
import { PaginasBusqueda } from "@/components/busqueda/Paginas";
import { SeguirBusqueda } from "@/components/busqueda/SeguirBusqueda";
import { ListaPorDias } from "@/components/plans/ListaPorDias";
import styles from "@/components/portada/portada.module.css";
import { SinPlanesCerca } from "@/components/pueblos/SinPlanesCerca";
import { agruparPorDia, agruparPorDistancia } from "@/lib/busqueda/grupos";
import { palabrasGruposDePagina } from "@/lib/busqueda/grupos-pagina";
import { arreglosSinResultados } from "@/lib/busqueda/estado";
import { urlsFeedBusqueda } from "@/lib/difusion/feed-url";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conDatos } from "@/lib/con-datos";
import { POR_PAGINA } from "@/lib/plans/constants";
import type { Inicio } from "@/lib/portada/cargar";
import { site } from "@/lib/site";
import { leerConsultaPalabras, type ConsultaPalabras } from "@/lib/busqueda/palabras-consulta";
import { enElTitulo, textoCorregido } from "@/lib/busqueda/resaltar";
import { soloPlanes } from "@/lib/busqueda/buscar";
import type { PlanApi } from "@/lib/plans/plan";
import type { Patrocinado } from "@/lib/patrocinios/vigentes";

/**
 * A day's plans with those whose title holds the words searched first (each keeps its order
 * otherwise); a sponsor card keeps its place.
 */
function primeroLosDelTitulo<T extends PlanApi | Patrocinado>(items: T[], q: ConsultaPalabras): T[] {
  const planes = items.filter((p) => p.tipo !== "Patrocinado");
  const delTitulo = new Set(planes.filter((p) => enElTitulo(p.titulo, q)));
  const ordenados = [...delTitulo, ...planes.filter((p) => !delTitulo.has(p))];
  let k = 0;
  return items.map((p) => (p.tipo === "Patrocinado" ? p : ordenados[k++]));
}

/**
 * Cards whose posters load at once, with high priority: the first, the one a phone's first screen
 * shows and the page's largest paint. The rest are lazy, which in view still means at once.
 */
export const PRIMERA_PANTALLA = 1;

/**
 * A search's list: by date in day groups (the web's order) or nearest first (featured plans in a
 * group of their own), with the ways to follow it after the first results; an empty search's
 * message, its fixes and the plans beyond its radius; the pages; and the chosen town's own page.
 */
export async function ListaResultados({ inicio }: { inicio: Inicio }) {
  const { estado, resultado, error, vacio, pueblo, total, favoritos, verificadas, conSesion } = inicio;
  const [b, { puebloVacio }, titulos] = await Promise.all([
    palabrasDePagina("busqueda"),
    palabrasDePagina("pueblos"),
    palabrasGruposDePagina(),
  ]);
  const palabras = leerConsultaPalabras(estado.q);
  const planes = resultado && !resultado.mensaje ? resultado.planes : [];
  const corregido =
    palabras &&
    textoCorregido(
      palabras,
      soloPlanes(planes).flatMap((p) => [p.titulo, p.descripcion ?? ""]),
    );
  // Ways to keep getting this search's plans: after the first results, never above them.
  const seguir = !error && total > 0 && (
    <div className={styles.seguirTrasResultados}>
      <SeguirBusqueda
        feeds={urlsFeedBusqueda(estado, site().url)}
        pueblo={
          pueblo && { ine: pueblo.ine, nombre: pueblo.nombre, radio: estado.radio, categorias: estado.categorias }
        }
        conSesion={conSesion}
      />
    </div>
  );
  return (
    <>
      {error ? (
        <p role="alert" className={styles.mensaje}>
          {error}
        </p>
      ) : resultado?.mensaje ? (
        <>
          <div className={styles.mensaje}>
            {/* With nothing left to widen, the search's own advice (its message, sinPlanes) would be a dead end. */}
            <p>
              {palabras && estado.municipio
                ? conDatos(b.sinPlanesDePalabras, {
                    q: palabras.texto,
                    km: String(estado.radio),
                    municipio: estado.municipio,
                  })
                : arreglosSinResultados(estado).length === 0 && estado.municipio
                  ? conDatos(puebloVacio, { km: String(estado.radio), municipio: estado.municipio })
                  : b.sinPlanes}
            </p>
            <ArreglosSinResultados cuentas={vacio?.arreglos} />
          </div>
          {vacio && (
            <SinPlanesCerca
              municipio={vacio.municipio}
              masAlla={vacio.masAlla}
              cercanos={vacio.cercanos}
              conPlanes={vacio.conPlanes}
              radio={estado.radio}
              categorias={estado.categorias}
              conSesion={conSesion}
              favoritos={favoritos}
              verificadas={verificadas}
            />
          )}
        </>
      ) : (
        resultado && (
          <>
            {corregido && <p className={styles.corregido}>{conDatos(b.mostrandoResultadosDe, { q: corregido })}</p>}
            {estado.orden === "fecha" ? (
              <ListaPorDias
                grupos={agruparPorDia(resultado.planes, {
                  base: inicio.base,
                  ahora: inicio.ahora,
                  diaAnterior: inicio.diaAnterior,
                  palabras: titulos,
                }).map((g) => (palabras ? { ...g, items: primeroLosDelTitulo(g.items, palabras) } : g))}
                id="dia"
                prioritarios={PRIMERA_PANTALLA}
                favoritos={favoritos}
                verificadas={verificadas}
                trasElPrimero={seguir}
                palabras={palabras}
              />
            ) : (
              <>
                {/* Nearest first: featured plans lead only in a group of their own, above the distance order. */}
                <ListaPorDias
                  grupos={agruparPorDistancia(resultado.planes, titulos)}
                  id="cerca"
                  prioritarios={PRIMERA_PANTALLA}
                  favoritos={favoritos}
                  verificadas={verificadas}
                  palabras={palabras}
                />
                {seguir}
              </>
            )}
          </>
        )
      )}
      <PaginasBusqueda total={total} porPagina={POR_PAGINA} />
      {pueblo && total > 0 && (
        <p>
          <Link className={styles.paginaPueblo} href={pueblo.ruta} prefetch={false}>
            {conDatos(b.verPaginaPueblo, { municipio: pueblo.nombre })}
          </Link>
        </p>
      )}
    </>
  );
}
