import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Filtros, FiltroOpciones, FiltroTexto } from "@/components/gestion/Filtros";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { ACCIONES } from "@/lib/admin/acciones";
import { leerAuditoria } from "@/lib/admin/auditoria";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Registro");

type Props = { searchParams: Promise<{ actor?: string; accion?: string; objetoId?: string; despues?: string }> };

/** The audit log: every action of the team, newest first, by person, kind and object. */
export default async function RegistroPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/registro");
  const sp = await searchParams;
  const filtros = {
    actor: sp.actor?.trim().slice(0, 254) || undefined,
    accion: sp.accion && sp.accion in ACCIONES ? sp.accion : undefined,
    objetoId: sp.objetoId?.trim().slice(0, 100) || undefined,
  };
  const cursor = leerCursor(sp.despues);
  const { filas, siguiente } = await leerAuditoria({
    ...filtros,
    antesDe: cursor ? { creadoEn: cursor.instante, id: cursor.clave } : undefined,
  });
  return (
    <>
      <h1 className={styles.titulo}>Registro</h1>
      <Filtros ruta="/gestion/registro" boton="Filtrar">
        <FiltroTexto nombre="actor" etiqueta="Persona (correo)" valor={filtros.actor} />
        <FiltroOpciones
          nombre="accion"
          etiqueta="Acción"
          valor={filtros.accion ?? ""}
          opciones={[
            { valor: "", texto: "Todas" },
            ...Object.entries(ACCIONES).map(([clave, texto]) => ({ valor: clave, texto })),
          ]}
        />
        <FiltroTexto nombre="objetoId" etiqueta="Objeto (id)" valor={filtros.objetoId} />
      </Filtros>
      {filas.length === 0 ? (
        <p className={styles.nada}>No hay ninguna acción registrada con estos filtros.</p>
      ) : (
        // Focusable, so a keyboard can scroll the wide table sideways on a phone.
        <div className={styles.tablaScroll} tabIndex={0} role="region" aria-label="Acciones registradas">
          <table className={styles.tabla}>
            <thead>
              <tr>
                <th scope="col">Cuándo</th>
                <th scope="col">Quién</th>
                <th scope="col">Acción</th>
                <th scope="col">Objeto</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {filas.map((f) => (
                <tr key={f.id}>
                  <td>{fechaHora(f.creadoEn)}</td>
                  <td>{f.actorCorreo}</td>
                  <td>
                    {ACCIONES[f.accion as keyof typeof ACCIONES] ?? f.accion}
                    {(f.datos as { cambio?: boolean }).cambio === false && (
                      <span className={styles.secundario}> (sin cambios)</span>
                    )}
                  </td>
                  <td>
                    {f.objetoTipo} <code>{f.objetoId}</code>
                  </td>
                  <td>{f.motivo ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/registro",
          filtros: filtros,
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creadoEn, siguiente.id),
        })}
      />
    </>
  );
}
