import { AccionesFuente } from "@/components/fuentes/AccionesFuente";
import { AccionesRevision } from "@/components/fuentes/AccionesRevision";
import { FormFuente } from "@/components/fuentes/FormFuente";
import { RefrescoMientrasSincroniza } from "@/components/fuentes/RefrescoMientrasSincroniza";
import { ResultadoFuente } from "@/components/fuentes/ResultadoFuente";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { fechaHora, fechasTexto } from "@/lib/dates";
import { colaDeRevision, fuentesDelEquipo } from "@/lib/fuentes/fuentes";
import { etiquetaTipo } from "@/lib/fuentes/adaptadores";
import { mensajesFuentes as m } from "@/lib/fuentes/mensajes";
import { organizacionesParaFuentes } from "@/lib/fuentes/pantallas";
import { planPath } from "@/lib/plans/plan";

export const generateMetadata = metadatosGestion("Fuentes");

/**
 * The sources plans are imported from: add one, see how each last synced (read again while one
 * syncs; and sync, pause or delete it), and the imported plans that wait for the team's review.
 */
export default async function FuentesPage() {
  await exigirGestorPagina("/gestion/fuentes");
  const [fuentes, cola, organizaciones] = await Promise.all([
    fuentesDelEquipo(),
    colaDeRevision(),
    organizacionesParaFuentes(),
  ]);
  return (
    <>
      <h1 className={styles.titulo}>Fuentes</h1>
      <p className={styles.secundario}>
        Calendarios iCalendar, páginas con eventos schema.org y agendas de datos abiertos: sus planes se importan y se
        mantienen al día solos.
      </p>
      <section aria-labelledby="nueva-fuente">
        <h2 id="nueva-fuente" className={styles.subtitulo}>
          Añadir una fuente
        </h2>
        <FormFuente organizaciones={organizaciones} />
      </section>
      <section aria-labelledby="lista-fuentes">
        <RefrescoMientrasSincroniza activo={fuentes.some((f) => f.sincronizando)} />
        <h2 id="lista-fuentes" className={styles.subtitulo}>
          Fuentes ({fuentes.length})
        </h2>
        {fuentes.length === 0 ? (
          <p className={styles.nada}>{m.sinFuentes}</p>
        ) : (
          <ul className={styles.lista}>
            {fuentes.map((f) => (
              <li key={f._id} className={styles.filaSimple}>
                <div className={styles.datos}>
                  <h3 className={styles.nombre}>
                    {f.nombre}
                    <span className={styles.etiqueta}>{etiquetaTipo(f.tipo)}</span>
                    {f.pausada && <span className={styles.etiquetaOculto}>{m.pausada}</span>}
                    {f.publicacion === "revision" && <span className={styles.etiquetaDestacado}>{m.conRevision}</span>}
                  </h3>
                  <p className={styles.secundario}>
                    <a href={f.url} target="_blank" rel="noopener noreferrer nofollow">
                      {f.url}
                    </a>
                  </p>
                  <p>
                    {f.organizacion?.nombre ?? m.duenaEquipo} · {m.planesImportadosConFechas(f.planes, f.fechas)}
                    {f.pueblos > 0 && ` · ${m.pueblosCubiertos(f.pueblos)}`}
                    {f.pendientes > 0 && ` · ${m.pendientesRevision(f.pendientes)}`}
                  </p>
                  <ResultadoFuente
                    cuando={f.sincronizadaEn && fechaHora(new Date(f.sincronizadaEn))}
                    resultado={f.resultado}
                    sincronizando={f.sincronizando}
                  />
                </div>
                <AccionesFuente fuente={{ id: f._id, nombre: f.nombre, pausada: f.pausada }} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="cola-revision">
        <h2 id="cola-revision" className={styles.subtitulo}>
          Por revisar ({cola.length})
        </h2>
        {cola.length === 0 ? (
          <p className={styles.nada}>{m.colaVacia}</p>
        ) : (
          <ul className={styles.lista}>
            {cola.map((p) => (
              <li key={p.id} className={styles.filaSimple}>
                <div className={styles.datos}>
                  <h3 className={styles.nombre}>
                    <a href={planPath(p.titulo, p.id)} target="_blank" rel="noopener">
                      {p.titulo}
                    </a>
                  </h3>
                  <p>
                    {p.tipo === "evento" ? "Evento" : "Experiencia"} · {p.municipio}
                    {p.fecha_inicio && ` · ${fechasTexto(p.fecha_inicio.toISOString(), null)}`}
                  </p>
                  <p className={styles.secundario}>De {p.fuente}</p>
                </div>
                <AccionesRevision plan={{ id: p.id, titulo: p.titulo }} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
