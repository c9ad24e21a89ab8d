import Link from "@/components/idioma/Enlace";
import { AccionesPlan } from "@/components/gestion/AccionesPlan";
import { Filtros, FiltroOpciones } from "@/components/gestion/Filtros";
import { Miniatura } from "@/components/gestion/Miniatura";
import { MotivosReporte } from "@/components/gestion/MotivosReporte";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Pestanas } from "@/components/gestion/Pestanas";
import { Reportadores } from "@/components/gestion/Reportadores";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { colaDeReportes, reportesCerrados } from "@/lib/admin/reportes";
import { fechaHora } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";
import {
  etiquetaMotivo,
  FILTROS_MOTIVO,
  type FiltroMotivo,
  leerFiltroMotivo,
  SIN_MOTIVO,
} from "@/lib/reportes/motivos";

export const generateMetadata = metadatosGestion("Reportes");

type Props = { searchParams: Promise<{ estado?: string; despues?: string; motivo?: string | string[] }> };

const OPCIONES_MOTIVO = [
  { valor: "", texto: "Todos" },
  ...FILTROS_MOTIVO.map((m) => ({ valor: m, texto: etiquetaMotivo(m) })),
];

/**
 * The reports queue: open reports grouped by plan with their reasons, and the closed ones with
 * who closed them; both filtered by reason (`?motivo=`; a value not of ours shows them all).
 */
export default async function ReportesPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/reportes");
  const { estado, despues, motivo: pedido } = await searchParams;
  const cerrados = estado === "cerrados";
  const cursor = leerCursor(despues);
  const motivo = leerFiltroMotivo(pedido);
  return (
    <>
      <h1 className={styles.titulo}>Reportes</h1>
      <Pestanas
        etiqueta="Estado de los reportes"
        ruta="/gestion/reportes"
        pestanas={[
          { estado: "abiertos", nombre: "Abiertos" },
          { estado: "cerrados", nombre: "Cerrados" },
        ]}
        actual={cerrados ? "cerrados" : "abiertos"}
      />
      <Filtros ruta="/gestion/reportes" boton="Filtrar">
        {cerrados && <input type="hidden" name="estado" value="cerrados" />}
        <FiltroOpciones nombre="motivo" etiqueta="Motivo" valor={motivo ?? ""} opciones={OPCIONES_MOTIVO} />
      </Filtros>
      {cerrados ? <Cerrados cursor={cursor} motivo={motivo} /> : <Abiertos cursor={cursor} motivo={motivo} />}
    </>
  );
}

type Lista = { cursor: ReturnType<typeof leerCursor>; motivo: FiltroMotivo | null };

/** "…con el motivo «Spam o publicidad»" / "…sin motivo" after an empty list's sentence, when filtered. */
const conElMotivo = (motivo: FiltroMotivo | null) =>
  !motivo ? "" : motivo === SIN_MOTIVO ? " sin motivo" : ` con el motivo «${etiquetaMotivo(motivo)}»`;

async function Abiertos({ cursor, motivo }: Lista) {
  const { grupos, siguiente } = await colaDeReportes(
    cursor && { ultimo: cursor.instante, clave: cursor.clave },
    motivo,
  );
  if (grupos.length === 0) return <p className={styles.nada}>No hay reportes abiertos{conElMotivo(motivo)}.</p>;
  return (
    <>
      <ul className={styles.lista}>
        {grupos.map((g) => (
          <li key={g.clave} className={styles.fila}>
            <Miniatura src={g.cartel} />
            <div className={styles.datos}>
              <h2 className={styles.nombre}>
                {g.plan_id && g.titulo ? (
                  <Link href={`/gestion/planes?q=${g.plan_id}`}>{g.titulo}</Link>
                ) : (
                  <>
                    {g.titulo_reportado} <span className={styles.etiqueta}>sin plan</span>
                  </>
                )}
                {g.visible === false && <span className={styles.etiquetaOculto}>Oculto</span>}
              </h2>
              <p>
                <strong>
                  {g.n} {g.n === 1 ? "reporte" : "reportes"}
                </strong>{" "}
                · {g.n === 1 ? fechaHora(g.primero) : `del ${fechaHora(g.primero)} al ${fechaHora(g.ultimo)}`}
              </p>
              <MotivosReporte porMotivo={g.por_motivo} n={g.n} detalles={g.detalles} nDetalles={g.n_detalles} />
              <Reportadores correos={g.reportadores} conCuenta={g.n_con_cuenta} anonimos={g.anonimos} />
              {g.propietario && (
                <p className={styles.secundario}>
                  Publicado por {g.propietario}
                  {g.organizacion && ` · ${g.organizacion}`}
                </p>
              )}
              {g.plan_id && g.titulo && g.visible && (
                <p className={styles.secundario}>
                  <a href={planPath(g.titulo, g.plan_id)} target="_blank" rel="noopener">
                    Ver el plan publicado
                  </a>
                </p>
              )}
              {!g.plan_id && <p className={styles.secundario}>{g.url_plan}</p>}
            </div>
            <AccionesPlan
              objetivo={
                g.plan_id && g.titulo
                  ? { planId: g.plan_id, titulo: g.titulo, visible: Boolean(g.visible) }
                  : { reporteId: g.clave, titulo: g.titulo_reportado }
              }
              descartar
            />
          </li>
        ))}
      </ul>
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/reportes",
          filtros: { motivo: motivo ?? undefined },
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.ultimo, siguiente.clave),
        })}
      />
    </>
  );
}

async function Cerrados({ cursor, motivo }: Lista) {
  const { reportes, siguiente } = await reportesCerrados(
    cursor && { cerradoEn: cursor.instante, id: cursor.clave },
    motivo,
  );
  if (reportes.length === 0)
    return <p className={styles.nada}>Todavía no se ha cerrado ningún reporte{conElMotivo(motivo)}.</p>;
  return (
    <>
      <ul className={styles.lista}>
        {reportes.map((r) => (
          <li key={r.id} className={styles.fila}>
            <div className={styles.datos}>
              <h2 className={styles.nombre}>{r.plan_titulo ?? r.titulo}</h2>
              <p>
                {r.resolucion === "ocultado" ? "Plan ocultado" : "Descartado"} por {r.cerrado_por} el{" "}
                {fechaHora(r.cerrado_en)}
              </p>
              <p className={styles.secundario}>
                Reportado el {fechaHora(r.created_at)} · {etiquetaMotivo(r.motivo)}
              </p>
              {r.detalle && <p className={styles.detalles}>«{r.detalle}»</p>}
              <Reportadores
                correos={r.reportador ? [r.reportador] : []}
                conCuenta={r.reportador ? 1 : 0}
                anonimos={r.reportador ? 0 : 1}
              />
            </div>
          </li>
        ))}
      </ul>
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/reportes",
          filtros: { estado: "cerrados", motivo: motivo ?? undefined },
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.cerradoEn, siguiente.id),
        })}
      />
    </>
  );
}
