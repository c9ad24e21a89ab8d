import { BotonFederacion, FormFederacion } from "@/components/gestion/AccionesFederacion";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { resumenFederacion } from "@/lib/admin/federacion";
import { fechaHora } from "@/lib/dates";

export const generateMetadata = metadatosGestion("Fediverso");

/**
 * Planazo on the fediverse as the team governs it: who follows our towns and organizations, from
 * which servers; the blocked servers; the deliveries that failed this week; the accounts the
 * site follows and what they sent. Moderators read it; admins act (block, delete a follower
 * list, follow).
 */
export default async function FederacionPage() {
  const gestor = await exigirGestorPagina("/gestion/federacion");
  const admin = gestor?.rol === "admin";
  const r = await resumenFederacion();
  return (
    <>
      <h1 className={styles.titulo}>Fediverso</h1>
      <p className={styles.secundario}>
        Desde Mastodon, Mobilizon y otros servidores se puede seguir a cada pueblo y organización. Se guarda solo la
        dirección de cada seguidor y la de su bandeja de entrada.
      </p>

      <h2 className={styles.subtitulo}>Cuentas con seguidores</h2>
      {r.actores.length === 0 ? (
        <p className={styles.nada}>Nadie sigue todavía ninguna cuenta de Planazo.</p>
      ) : (
        <ul className={styles.lista}>
          {r.actores.map((a) => (
            <li key={a.actor} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h3 className={styles.nombre}>{a.nombre}</h3>
                <p>
                  {a.cuenta} · {a.seguidores === 1 ? "1 seguidor" : `${a.seguidores} seguidores`}
                </p>
              </div>
              {admin && (
                <BotonFederacion
                  accion="borrar-seguidores"
                  cuerpo={{ actor: a.actor }}
                  texto="Borrar sus seguidores"
                  etiqueta={`Borrar los seguidores de ${a.nombre}`}
                  confirmar={{
                    texto:
                      a.seguidores === 1
                        ? `Se borrará el único seguidor de ${a.nombre}: dejará de recibir sus planes hasta que vuelva a seguirla.`
                        : `Se borrarán los ${a.seguidores} seguidores de ${a.nombre}: dejarán de recibir sus planes hasta que vuelvan a seguirla.`,
                    boton: "Borrar seguidores",
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <h2 className={styles.subtitulo}>Servidores de los seguidores</h2>
      {r.servidores.length === 0 ? (
        <p className={styles.nada}>Ningún servidor todavía.</p>
      ) : (
        <div className={styles.tablaScroll} tabIndex={0} role="region" aria-label="Servidores de los seguidores">
          <table className={styles.tabla}>
            <thead>
              <tr>
                <th scope="col">Servidor</th>
                <th scope="col">Seguidores</th>
                <th scope="col">Último</th>
              </tr>
            </thead>
            <tbody>
              {r.servidores.map((s) => (
                <tr key={s.dominio}>
                  <td>
                    <code>{s.dominio}</code>
                  </td>
                  <td>{s.seguidores}</td>
                  <td>{fechaHora(s.ultimo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className={styles.subtitulo}>Servidores bloqueados</h2>
      <p className={styles.secundario}>
        A un servidor bloqueado no se le envía nada, sus peticiones se rechazan y sus seguidores se borran.
      </p>
      {admin && (
        <FormFederacion
          accion="bloquear"
          campo="dominio"
          etiqueta="Servidor"
          ejemplo="mastodon.example"
          boton="Bloquear"
        />
      )}
      {r.bloqueados.length === 0 ? (
        <p className={styles.nada}>No hay ningún servidor bloqueado.</p>
      ) : (
        <ul className={styles.lista}>
          {r.bloqueados.map((b) => (
            <li key={b.dominio} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h3 className={styles.nombre}>
                  <code>{b.dominio}</code>
                </h3>
                <p>Desde {fechaHora(b.creado)}</p>
              </div>
              {admin && (
                <BotonFederacion
                  accion="desbloquear"
                  cuerpo={{ dominio: b.dominio }}
                  texto="Desbloquear"
                  etiqueta={`Desbloquear ${b.dominio}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <h2 className={styles.subtitulo}>Envíos fallidos esta semana</h2>
      <p className={styles.secundario}>
        Cada envío se reintenta solo, cada vez más espaciado; un servidor que falla cinco veces en diez minutos se deja
        en paz diez minutos.
      </p>
      {r.fallos.length === 0 ? (
        <p className={styles.nada}>Ningún envío ha fallado esta semana.</p>
      ) : (
        <div className={styles.tablaScroll} tabIndex={0} role="region" aria-label="Envíos fallidos">
          <table className={styles.tabla}>
            <thead>
              <tr>
                <th scope="col">Cuándo</th>
                <th scope="col">Servidor</th>
                <th scope="col">Qué</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {r.fallos.map((f, i) => (
                <tr key={i}>
                  <td>{fechaHora(f.creado)}</td>
                  <td>
                    <code>{f.dominio}</code>
                  </td>
                  <td>{f.actividad ?? "—"}</td>
                  <td>{f.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className={styles.subtitulo}>Cuentas que sigue Planazo</h2>
      {admin && (
        <FormFederacion
          accion="seguir"
          campo="cuenta"
          etiqueta="Cuenta"
          ejemplo="@agenda@otro-planazo.example"
          boton="Seguir"
        />
      )}
      {r.seguidos.length === 0 ? (
        <p className={styles.nada}>Planazo no sigue ninguna cuenta.</p>
      ) : (
        <ul className={styles.lista}>
          {r.seguidos.map((s) => (
            <li key={s.actor} className={styles.filaSimple}>
              <div className={styles.datos}>
                <h3 className={styles.nombre}>{s.cuenta}</h3>
                <p>{s.aceptado ? `Aceptada el ${fechaHora(s.aceptado)}` : "Esperando a que acepte"}</p>
              </div>
              {admin && (
                <BotonFederacion
                  accion="dejar-de-seguir"
                  cuerpo={{ actor: s.actor }}
                  texto="Dejar de seguir"
                  etiqueta={`Dejar de seguir a ${s.cuenta}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {r.recibidas.length > 0 && (
        <>
          <h3 className={styles.subtitulo}>Lo último que han enviado</h3>
          <ul className={styles.lista}>
            {r.recibidas.map((a) => (
              <li key={a.id} className={styles.filaSimple}>
                <div className={styles.datos}>
                  <p>
                    {{ Create: "Publicado", Announce: "Compartido", Update: "Cambiado", Delete: "Borrado" }[a.tipo] ??
                      a.tipo}
                    : {a.nombre ?? "—"}
                  </p>
                  <p className={styles.secundario}>
                    {a.cuenta ?? a.actor} · {fechaHora(a.recibida)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
