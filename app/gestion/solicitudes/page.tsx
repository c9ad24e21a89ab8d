import Link from "@/components/idioma/Enlace";
import { AccionesSolicitud } from "@/components/gestion/AccionesSolicitud";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Pestanas } from "@/components/gestion/Pestanas";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { esEstadoSolicitud, listarSolicitudes } from "@/lib/admin/solicitudes";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Solicitudes");

type Props = { searchParams: Promise<{ estado?: string; despues?: string }> };

const PESTANAS = [
  { estado: "nueva", nombre: "Nuevas", vacia: "No hay solicitudes nuevas." },
  { estado: "contactada", nombre: "Contactadas", vacia: "No hay solicitudes contactadas." },
  { estado: "destacada", nombre: "Destacadas", vacia: "No hay solicitudes destacadas." },
  { estado: "descartada", nombre: "Descartadas", vacia: "No hay solicitudes descartadas." },
  { estado: "todas", nombre: "Todas", vacia: "No hay solicitudes." },
] as const;

const ESTADO_TEXTO = {
  nueva: "Nueva",
  contactada: "Contactada",
  destacada: "Destacada",
  descartada: "Descartada",
} as const;

/** The featuring requests sent from the app after publishing: the new ones first to call, newest first. */
export default async function SolicitudesPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/solicitudes");
  const sp = await searchParams;
  // New ones by default: those are the ones to call.
  const pestana = PESTANAS.find((p) => p.estado === sp.estado) ?? PESTANAS[0];
  const estado = esEstadoSolicitud(pestana.estado) ? pestana.estado : undefined;
  const cursor = leerCursor(sp.despues);
  const { solicitudes, siguiente } = await listarSolicitudes(
    estado,
    cursor && { creadoEn: cursor.instante, id: cursor.clave },
  );
  const filtros = { estado: pestana.estado === "nueva" ? undefined : pestana.estado };
  return (
    <>
      <h1 className={styles.titulo}>Solicitudes para destacar</h1>
      <p className={styles.secundario}>
        Personas que quieren destacar su plan (2 € a la semana, 5 € al mes). Se borran al cumplir un año.
      </p>
      <Pestanas
        etiqueta="Estado de las solicitudes"
        ruta="/gestion/solicitudes"
        pestanas={PESTANAS}
        actual={pestana.estado}
      />
      {solicitudes.length === 0 ? (
        <p className={styles.nada}>{pestana.vacia}</p>
      ) : (
        <ul className={styles.lista}>
          {solicitudes.map((s) => (
            <li key={s.id} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h2 className={styles.nombre}>
                  {s.nombre.trim() || "Sin nombre"}
                  {!estado && (
                    <span className={s.estado === "destacada" ? styles.etiquetaDestacado : styles.etiqueta}>
                      {ESTADO_TEXTO[s.estado]}
                    </span>
                  )}
                </h2>
                <p>
                  <a href={`tel:${s.telefono.replace(/[^\d+]/g, "")}`}>{s.telefono}</a> ·{" "}
                  <a href={`mailto:${s.correo}`}>{s.correo}</a>
                </p>
                <p>
                  Plan:{" "}
                  {s.plan ? (
                    <Link href={`/gestion/planes?q=${s.plan.id}`}>{s.plan.titulo}</Link>
                  ) : (
                    <>
                      {s.nombrePlan || "sin nombre"} <span className={styles.secundario}>(ya no existe)</span>
                    </>
                  )}
                  {s.plan?.destacadoHasta && s.plan.destacadoHasta > new Date() && (
                    <>
                      {" "}
                      ·{" "}
                      <span className={styles.etiquetaDestacado}>
                        Destacado hasta el {fechaHora(s.plan.destacadoHasta)}
                      </span>
                    </>
                  )}
                </p>
                <p className={styles.secundario}>
                  {s.origen} · recibida el {fechaHora(s.createdAt)}
                </p>
                {s.atendidaPor && s.actualizadaEn && (
                  <p className={styles.secundario}>
                    {ESTADO_TEXTO[s.estado]} · último cambio de {s.atendidaPor} el {fechaHora(s.actualizadaEn)}
                  </p>
                )}
                {s.notas && <p className={styles.notas}>{s.notas}</p>}
              </div>
              <AccionesSolicitud
                id={s.id}
                nombre={s.nombre}
                estado={s.estado}
                conPlan={Boolean(s.plan)}
                notas={s.notas}
              />
            </li>
          ))}
        </ul>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/solicitudes",
          filtros: filtros,
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creadoEn, siguiente.id),
        })}
      />
    </>
  );
}
