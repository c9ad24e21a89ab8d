import { BotonAccion } from "@/components/gestion/BotonAccion";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Pestanas } from "@/components/gestion/Pestanas";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { esEstadoContacto, listarContactos } from "@/lib/admin/contactos";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Contactos");

type Props = { searchParams: Promise<{ estado?: string; despues?: string }> };

const PESTANAS = [
  { estado: "nuevos", nombre: "Nuevos" },
  { estado: "contactados", nombre: "Contactados" },
  { estado: "todos", nombre: "Todos" },
] as const;

/** The satellite leads (/eurona): the new ones first to call, newest first; export to CSV. */
export default async function ContactosPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/contactos");
  const sp = await searchParams;
  // New ones by default: those are the ones to call.
  const pestana = sp.estado === "todos" || esEstadoContacto(sp.estado) ? sp.estado : "nuevos";
  const estado = esEstadoContacto(pestana) ? pestana : undefined;
  const cursor = leerCursor(sp.despues);
  const { contactos, siguiente } = await listarContactos(
    estado,
    cursor && { creadoEn: cursor.instante, id: cursor.clave },
  );
  const filtros = { estado: pestana === "nuevos" ? undefined : pestana };
  return (
    <>
      <h1 className={styles.titulo}>Contactos de Eurona</h1>
      <p className={styles.secundario}>
        Personas que han pedido información sobre internet por satélite. Se borran al cumplir un año.
      </p>
      <div className={styles.barra}>
        <Pestanas etiqueta="Estado de los contactos" ruta="/gestion/contactos" pestanas={PESTANAS} actual={pestana} />
        <a
          className="button"
          href={estado ? `/api/gestion/contactos.csv?estado=${estado}` : "/api/gestion/contactos.csv"}
          download
        >
          Exportar CSV
        </a>
      </div>
      {contactos.length === 0 ? (
        <p className={styles.nada}>{estado === "nuevos" ? "No hay contactos nuevos." : "No hay contactos."}</p>
      ) : (
        <ul className={styles.lista}>
          {contactos.map((c) => (
            <li key={c.id} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h2 className={styles.nombre}>{c.nombre.trim() || "Sin nombre"}</h2>
                <p>
                  <a href={`tel:${c.telefono.replace(/[^\d+]/g, "")}`}>{c.telefono}</a>
                </p>
                <p className={styles.secundario}>Recibido el {fechaHora(c.createdAt)}</p>
                {c.contactadoEn && (
                  <p className={styles.secundario}>
                    Contactado por {c.contactadoPor} el {fechaHora(c.contactadoEn)}
                  </p>
                )}
              </div>
              {!c.contactadoEn && (
                <BotonAccion
                  ruta={`/api/gestion/contactos/${c.id}/contactado`}
                  texto="Marcar como contactado"
                  etiqueta={`Marcar como contactado a ${c.nombre}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/contactos",
          filtros: filtros,
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creadoEn, siguiente.id),
        })}
      />
    </>
  );
}
