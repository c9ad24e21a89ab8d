import { AccionesUsuario } from "@/components/gestion/AccionesUsuario";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Filtros, FiltroTexto } from "@/components/gestion/Filtros";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { ID_CUENTA, cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { alcanza } from "@/lib/users/roles";
import { buscarUsuarios } from "@/lib/admin/usuarios";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Usuarios");

type Props = { searchParams: Promise<{ q?: string; despues?: string }> };

/** People by e-mail or name: suspend and restore; an admin also sets roles. */
export default async function UsuariosPage({ searchParams }: Props) {
  const gestor = await exigirGestorPagina("/gestion/usuarios");
  const sp = await searchParams;
  const q = (sp.q ?? "").slice(0, 254);
  const cursor = leerCursor(sp.despues, ID_CUENTA);
  const { usuarios, siguiente } = await buscarUsuarios({
    q,
    despues: cursor && { creado: cursor.instante, id: cursor.clave },
  });
  return (
    <>
      <h1 className={styles.titulo}>Usuarios</h1>
      <Filtros ruta="/gestion/usuarios">
        <FiltroTexto nombre="q" etiqueta="Correo o nombre" valor={q} />
      </Filtros>
      {usuarios.length === 0 ? (
        <p className={styles.nada}>Nadie coincide con la búsqueda.</p>
      ) : (
        <ul className={styles.lista}>
          {usuarios.map((u) => (
            <li key={u.id} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h2 className={styles.nombre}>
                  {u.name}
                  {u.rol !== "usuario" && <span className={styles.etiqueta}>{u.rol}</span>}
                  {u.suspendido_en && <span className={styles.etiquetaOculto}>Suspendida</span>}
                </h2>
                <p>{u.email}</p>
                <p className={styles.secundario}>
                  {u.planes} {u.planes === 1 ? "plan" : "planes"} · alta el {fechaHora(u.created_at)}
                </p>
                {u.suspendido_en && (
                  <p className={styles.secundario}>
                    Suspendida el {fechaHora(u.suspendido_en)}: {u.suspendido_motivo}
                  </p>
                )}
              </div>
              <AccionesUsuario
                usuario={{ id: u.id, name: u.name, rol: u.rol, suspendido: Boolean(u.suspendido_en) }}
                puedeCambiarRol={Boolean(gestor && alcanza(gestor.rol, "admin"))}
                esUnoMismo={u.id === gestor?.id}
              />
            </li>
          ))}
        </ul>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/usuarios",
          filtros: { q: q || undefined },
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creado, siguiente.id),
        })}
      />
    </>
  );
}
