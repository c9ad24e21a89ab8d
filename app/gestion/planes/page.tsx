import Link from "@/components/idioma/Enlace";
import { AccionesPlan } from "@/components/gestion/AccionesPlan";
import { Miniatura } from "@/components/gestion/Miniatura";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Filtros, FiltroOpciones, FiltroTexto } from "@/components/gestion/Filtros";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { ESTADOS_GESTION, buscarPlanesGestion, type EstadoGestion } from "@/lib/admin/planes";
import { fechaHora, fechasTexto } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";

export const generateMetadata = metadatosGestion("Planes");

type Props = { searchParams: Promise<{ q?: string; estado?: string; despues?: string }> };

const ESTADO_TEXTO: Record<EstadoGestion, string> = {
  todos: "Todos",
  publicados: "Publicados",
  ocultos: "Ocultos",
  destacados: "Destacados",
};

/** Any plan by title, town, owner e-mail or id, newest first; hide and publish again. */
export default async function PlanesGestionPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/planes");
  const sp = await searchParams;
  const q = (sp.q ?? "").slice(0, 200);
  const estado: EstadoGestion = (ESTADOS_GESTION as readonly string[]).includes(sp.estado ?? "")
    ? (sp.estado as EstadoGestion)
    : "todos";
  const cursor = leerCursor(sp.despues);
  const { planes, siguiente } = await buscarPlanesGestion({
    q,
    estado,
    despues: cursor && { fecha: cursor.instante, id: cursor.clave },
  });
  return (
    <>
      <h1 className={styles.titulo}>Planes</h1>
      <Filtros ruta="/gestion/planes">
        <FiltroTexto nombre="q" etiqueta="Título, municipio, correo del autor o id" valor={q} />
        <FiltroOpciones
          nombre="estado"
          etiqueta="Estado"
          valor={estado}
          opciones={ESTADOS_GESTION.map((e) => ({ valor: e, texto: ESTADO_TEXTO[e] }))}
        />
      </Filtros>
      {planes.length === 0 ? (
        <p className={styles.nada}>Ningún plan coincide con la búsqueda.</p>
      ) : (
        <ul className={styles.lista}>
          {planes.map((p) => (
            <li key={p.id} className={styles.fila}>
              <Miniatura src={p.cartel} />
              <div className={styles.datos}>
                <h2 className={styles.nombre}>
                  {p.visible ? (
                    <a href={planPath(p.titulo, p.id)} target="_blank" rel="noopener">
                      {p.titulo}
                    </a>
                  ) : (
                    p.titulo
                  )}
                  {!p.visible && <span className={styles.etiquetaOculto}>Oculto</span>}
                  {p.destacado_hasta && (
                    <span className={styles.etiquetaDestacado}>Destacado hasta el {fechaHora(p.destacado_hasta)}</span>
                  )}
                  {p.reportes_abiertos > 0 && (
                    <Link href="/gestion/reportes" className={styles.etiqueta}>
                      {p.reportes_abiertos} {p.reportes_abiertos === 1 ? "reporte" : "reportes"}
                    </Link>
                  )}
                </h2>
                <p>
                  {p.tipo === "evento" ? "Evento" : "Experiencia"} · {p.municipio}
                  {p.tipo === "evento" &&
                    p.fecha_inicio &&
                    ` · ${fechasTexto(p.fecha_inicio.toISOString(), p.fecha_fin?.toISOString() ?? null)}`}
                </p>
                <p className={styles.secundario}>
                  {p.propietario}
                  {p.organizacion && ` · ${p.organizacion}`} · publicado el {fechaHora(p.fecha_creacion)}
                </p>
                {!p.visible && p.oculto_motivo && <p className={styles.secundario}>Motivo: {p.oculto_motivo}</p>}
                <p className={styles.secundario}>
                  <Link href={`/gestion/registro?objetoId=${p.id}`}>Historial</Link>
                </p>
              </div>
              <AccionesPlan
                objetivo={{ planId: p.id, titulo: p.titulo, visible: p.visible, destacado: Boolean(p.destacado_hasta) }}
                descartar={p.reportes_abiertos > 0}
                destacar
              />
            </li>
          ))}
        </ul>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/planes",
          filtros: { q: q || undefined, estado: estado === "todos" ? undefined : estado },
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.fecha, siguiente.id),
        })}
      />
    </>
  );
}
