import { AccionesOrganizacion } from "@/components/gestion/AccionesOrganizacion";
import { Miniatura } from "@/components/gestion/Miniatura";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import { Filtros, FiltroTexto } from "@/components/gestion/Filtros";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { buscarOrganizaciones } from "@/lib/admin/organizaciones";
import { fechaHora } from "@/lib/dates";
import { variantUrl } from "@/lib/media/variant-url";
import { organizacionPath } from "@/lib/organizaciones/paths";

export const generateMetadata = metadatosGestion("Organizaciones");

type Props = { searchParams: Promise<{ q?: string; despues?: string }> };

/** Organizations by name or owner e-mail, newest first: verify them or take the mark away. */
export default async function OrganizacionesPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/organizaciones");
  const sp = await searchParams;
  const q = (sp.q ?? "").slice(0, 254);
  const cursor = leerCursor(sp.despues);
  const { organizaciones, siguiente } = await buscarOrganizaciones({
    q,
    despues: cursor && { fecha: cursor.instante, id: cursor.clave },
  });
  return (
    <>
      <h1 className={styles.titulo}>Organizaciones</h1>
      <Filtros ruta="/gestion/organizaciones">
        <FiltroTexto nombre="q" etiqueta="Nombre o correo del responsable" valor={q} />
      </Filtros>
      {organizaciones.length === 0 ? (
        <p className={styles.nada}>Ninguna organización coincide con la búsqueda.</p>
      ) : (
        <ul className={styles.lista}>
          {organizaciones.map((o) => (
            <li key={o.id} className={styles.fila}>
              <Miniatura src={o.logo && variantUrl(o.logo, "tarjeta")} logo />
              <div className={styles.datos}>
                <h2 className={styles.nombre}>
                  <a href={organizacionPath(o.nombre, o.id)} target="_blank" rel="noopener">
                    {o.nombre}
                  </a>
                  {o.verificada && <span className={styles.etiquetaVerificada}>Verificada</span>}
                </h2>
                <p>{o.propietario}</p>
                <p className={styles.secundario}>
                  {o.planes} {o.planes === 1 ? "plan" : "planes"} · creada el {fechaHora(o.fecha_creacion)}
                  {o.verificada_en && <> · verificada el {fechaHora(o.verificada_en)}</>}
                </p>
              </div>
              <AccionesOrganizacion organizacion={{ id: o.id, nombre: o.nombre, verificada: o.verificada }} />
            </li>
          ))}
        </ul>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/organizaciones",
          filtros: { q: q || undefined },
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.fecha, siguiente.id),
        })}
      />
    </>
  );
}
