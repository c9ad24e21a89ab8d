"use client";

import { useId, useRef, useState } from "react";
import { ConfirmarEnLinea } from "@/components/ui/ConfirmarEnLinea";
import ui from "@/components/ui/ui.module.css";
import { AvisoAccion, useAccion } from "./acciones";
import styles from "./gestion.module.css";

const RUTA = "/api/gestion/federacion";

/**
 * One field and its action on the fediverse (block a server, follow an account): the server's
 * answer under it, the field emptied and the page read again when it worked.
 */
export function FormFederacion({
  accion,
  campo,
  etiqueta,
  ejemplo,
  boton,
}: {
  accion: "bloquear" | "seguir";
  campo: "dominio" | "cuenta";
  etiqueta: string;
  ejemplo: string;
  boton: string;
}) {
  const id = useId();
  const entrada = useRef<HTMLInputElement>(null);
  const { hacer, ocupado, aviso } = useAccion();
  return (
    <form
      className={styles.filtros}
      onSubmit={(e) => {
        e.preventDefault();
        const valor = entrada.current?.value.trim() ?? "";
        hacer(`${RUTA}/${accion}`, { [campo]: valor }, () => {
          if (entrada.current) entrada.current.value = "";
        });
      }}
    >
      <div className={styles.campo}>
        <label htmlFor={id}>{etiqueta}</label>
        <input
          id={id}
          ref={entrada}
          name={campo}
          required
          placeholder={ejemplo}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" className="button" disabled={ocupado}>
        {boton}
      </button>
      <AvisoAccion aviso={aviso} />
    </form>
  );
}

/**
 * One row's action on the fediverse (lift a block, delete a follower list, stop following), with
 * its answer; one that cannot be undone (`confirmar`) is asked once more in place.
 */
export function BotonFederacion({
  accion,
  cuerpo,
  texto,
  etiqueta,
  confirmar,
}: {
  accion: "desbloquear" | "borrar-seguidores" | "dejar-de-seguir";
  cuerpo: Record<string, string>;
  texto: string;
  etiqueta: string;
  confirmar?: { texto: string; boton: string };
}) {
  const { hacer, ocupado, aviso } = useAccion();
  const [preguntando, setPreguntando] = useState(false);
  const ahora = () => hacer(`${RUTA}/${accion}`, cuerpo, () => setPreguntando(false));
  return (
    <div className={styles.acciones}>
      {preguntando && confirmar ? (
        <ConfirmarEnLinea
          etiqueta={etiqueta}
          texto={confirmar.texto}
          boton={confirmar.boton}
          ocupado={ocupado}
          onConfirmar={ahora}
          onCancelar={() => setPreguntando(false)}
          botonesClassName={styles.botones}
        />
      ) : (
        <div className={styles.botones}>
          <button
            type="button"
            className={ui.buttonOutline}
            disabled={ocupado}
            aria-label={etiqueta}
            onClick={() => (confirmar ? setPreguntando(true) : ahora())}
          >
            {texto}
          </button>
        </div>
      )}
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
