import Link from "@/components/idioma/Enlace";
import { BotonAccion } from "@/components/gestion/BotonAccion";
import { EstadoCorreo } from "@/components/gestion/EstadoCorreo";
import { Pestanas } from "@/components/gestion/Pestanas";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import styles from "@/components/gestion/gestion.module.css";
import ui from "@/components/ui/ui.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { leerFiltroCorreos, listarCorreos } from "@/lib/admin/correos";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";

export const generateMetadata = metadatosGestion("Correos");

type Props = { searchParams: Promise<{ estado?: string; despues?: string }> };

/**
 * Every e-mail of the outbox, newest first (or only those not sent), each opened to read as it
 * was sent; the failed ones can be sent again now.
 */
export default async function CorreosPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/correos");
  const { estado, despues } = await searchParams;
  const filtro = leerFiltroCorreos(estado);
  const cursor = leerCursor(despues);
  const { correos, siguiente } = await listarCorreos(filtro, cursor && { creadoEn: cursor.instante, id: cursor.clave });
  return (
    <>
      <h1 className={styles.titulo}>Correos</h1>
      <Pestanas
        etiqueta="Correos por estado"
        ruta="/gestion/correos"
        pestanas={[
          { estado: "todos", nombre: "Todos" },
          { estado: "fallidos", nombre: "Sin enviar" },
        ]}
        actual={filtro}
      />
      {filtro === "fallidos" && (
        <p className={styles.secundario}>
          Se reintentan solos cada vez más espaciados (hasta cada 6 horas); aquí puedes reintentarlos ya.
        </p>
      )}
      {correos.length === 0 ? (
        <p className={styles.nada}>
          {filtro === "fallidos" ? "Todos los correos se han enviado." : "Todavía no se ha enviado ningún correo."}
        </p>
      ) : (
        <>
          {filtro === "fallidos" && (
            <div className={styles.barra}>
              <BotonAccion ruta="/api/gestion/correos/reintentar" texto="Reintentar todos" clase="button" />
            </div>
          )}
          <ul className={styles.lista}>
            {correos.map((c) => (
              <li key={c.id} className={styles.filaSimple}>
                <div className={styles.datos}>
                  <h2 className={styles.nombre}>
                    <Link href={`/gestion/correos/${c.id}`}>{c.subject}</Link>
                  </h2>
                  <p>Para {c.to}</p>
                  <EstadoCorreo correo={c} />
                </div>
                {!c.sent_at && c.attempts > 0 && (
                  <BotonAccion
                    ruta={`/api/gestion/correos/${c.id}/reintentar`}
                    texto="Reintentar"
                    etiqueta={`Reintentar «${c.subject}» para ${c.to}`}
                    clase={ui.buttonOutline}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/correos",
          filtros: filtro === "fallidos" ? { estado: filtro } : {},
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creadoEn, siguiente.id),
        })}
      />
    </>
  );
}
