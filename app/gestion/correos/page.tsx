import { BotonAccion } from "@/components/gestion/BotonAccion";
import { Paginador, enlacesCursor } from "@/components/ui/Paginador";
import styles from "@/components/gestion/gestion.module.css";
import ui from "@/components/ui/ui.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { correosFallidos } from "@/lib/admin/correos";
import { cursorTexto, leerCursor } from "@/lib/admin/cursor";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Correos");

type Props = { searchParams: Promise<{ despues?: string }> };

/**
 * E-mails that could not be sent, newest first, with the provider's last error. Only the
 * address and the subject: the body of a password or confirmation e-mail holds a token.
 */
export default async function CorreosPage({ searchParams }: Props) {
  await exigirGestorPagina("/gestion/correos");
  const cursor = leerCursor((await searchParams).despues);
  const { correos, siguiente } = await correosFallidos(cursor && { creadoEn: cursor.instante, id: cursor.clave });
  return (
    <>
      <h1 className={styles.titulo}>Correos sin enviar</h1>
      <p className={styles.secundario}>
        Se reintentan solos cada vez más espaciados (hasta cada 6 horas); aquí puedes reintentarlos ya.
      </p>
      {correos.length === 0 ? (
        <p className={styles.nada}>Todos los correos se han enviado.</p>
      ) : (
        <>
          <div className={styles.barra}>
            <BotonAccion ruta="/api/gestion/correos/reintentar" texto="Reintentar todos" clase="button" />
          </div>
          <ul className={styles.lista}>
            {correos.map((c) => (
              <li key={c.id} className={styles.filaSimple}>
                <div className={styles.datos}>
                  <h2 className={styles.nombre}>{c.subject}</h2>
                  <p>Para {c.to}</p>
                  <p className={styles.secundario}>
                    Creado el {fechaHora(c.created_at)} · {c.attempts} {c.attempts === 1 ? "intento" : "intentos"} ·
                    próximo intento el {fechaHora(c.next_attempt_at)}
                  </p>
                  {c.last_error && (
                    <p className={styles.error}>
                      Último error: <code>{c.last_error}</code>
                    </p>
                  )}
                </div>
                <BotonAccion
                  ruta={`/api/gestion/correos/${c.id}/reintentar`}
                  texto="Reintentar"
                  etiqueta={`Reintentar «${c.subject}» para ${c.to}`}
                  clase={ui.buttonOutline}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <Paginador
        etiqueta="Páginas"
        {...enlacesCursor({
          ruta: "/gestion/correos",
          filtros: {},
          enPrimera: !cursor,
          siguiente: siguiente && cursorTexto(siguiente.creadoEn, siguiente.id),
        })}
      />
    </>
  );
}
