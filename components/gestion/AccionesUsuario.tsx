"use client";

import { useId, useState } from "react";
import ui from "@/components/ui/ui.module.css";
import { ROLES, type Rol } from "@/lib/users/roles";
import { AvisoAccion, FormMotivo, useAccion } from "./acciones";
import styles from "./gestion.module.css";

/**
 * The team's actions on one account: suspend it (a reason is required and goes to the person),
 * restore it, and, for an admin, change its role (with a reason for the log).
 */
export function AccionesUsuario({
  usuario,
  puedeCambiarRol,
  esUnoMismo,
}: {
  usuario: { id: string; name: string; rol: Rol; suspendido: boolean };
  puedeCambiarRol: boolean;
  esUnoMismo: boolean;
}) {
  const id = useId();
  const [pidiendo, setPidiendo] = useState<null | "suspender" | Rol>(null);
  const { hacer, ocupado, aviso } = useAccion();
  const [rol, setRol] = useState<Rol>(usuario.rol);
  const base = `/api/gestion/usuarios/${usuario.id}`;
  return (
    <div className={styles.acciones}>
      {pidiendo === "suspender" ? (
        <FormMotivo
          etiqueta="Motivo (lo recibirá la persona)"
          boton="Suspender la cuenta"
          ocupado={ocupado}
          onEnviar={(motivo) => hacer(`${base}/suspender`, { motivo }, () => setPidiendo(null))}
          onCancelar={() => setPidiendo(null)}
        />
      ) : pidiendo ? (
        <FormMotivo
          etiqueta={`Motivo del cambio a ${pidiendo}`}
          boton="Cambiar el rol"
          ocupado={ocupado}
          onEnviar={(motivo) => hacer(`${base}/rol`, { rol: pidiendo, motivo }, () => setPidiendo(null))}
          onCancelar={() => setPidiendo(null)}
        />
      ) : (
        <div className={styles.botones}>
          {!esUnoMismo && !usuario.suspendido && (
            <button
              type="button"
              className={ui.buttonDanger}
              onClick={() => setPidiendo("suspender")}
              aria-label={`Suspender la cuenta de ${usuario.name}`}
            >
              Suspender
            </button>
          )}
          {usuario.suspendido && (
            <button
              type="button"
              className={ui.buttonOutline}
              disabled={ocupado}
              onClick={() => hacer(`${base}/restaurar`, {})}
              aria-label={`Restaurar la cuenta de ${usuario.name}`}
            >
              Restaurar
            </button>
          )}
          {puedeCambiarRol && !esUnoMismo && (
            <span className={styles.rol}>
              <label htmlFor={`${id}-rol`}>Rol</label>
              <select id={`${id}-rol`} className={ui.input} value={rol} onChange={(e) => setRol(e.target.value as Rol)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={ui.buttonGhost}
                disabled={rol === usuario.rol}
                onClick={() => setPidiendo(rol)}
              >
                Cambiar
              </button>
            </span>
          )}
        </div>
      )}
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
