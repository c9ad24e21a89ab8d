"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { AvisoAccion, useAccion } from "@/components/gestion/acciones";
import gestion from "@/components/gestion/gestion.module.css";
import { ConfirmarEnLinea } from "@/components/ui/ConfirmarEnLinea";
import ui from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { mensajesFuentes as m } from "@/lib/fuentes/mensajes";
import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import { Descartados } from "./ResultadoFuente";
import styles from "./Fuentes.module.css";

/**
 * The team's actions on one source: sync it now (its figures show beside the buttons), pause or
 * resume it, and delete it after saying that its plans will be hidden.
 */
export function AccionesFuente({ fuente: f }: { fuente: { id: string; nombre: string; pausada: boolean } }) {
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const [confirmar, setConfirmar] = useState(false);
  const { hacer, ocupado, aviso } = useAccion();
  const [sincronizando, startSync] = useTransition();
  const [sync, setSync] = useState<{ error: string } | { resultado: ResultadoSincronizacion } | null>(null);
  const ruta = `/api/gestion/fuentes/${f.id}`;

  const sincronizar = () =>
    startSync(async () => {
      setSync(null);
      const r = await llamar<Partial<ResultadoSincronizacion>>("POST", `${ruta}/sincronizar`, {});
      const resultado = r.data as ResultadoSincronizacion;
      startSync(() => {
        if (!r.ok || typeof resultado.creados !== "number") setSync({ error: mensajeDe(r, errorInesperado) });
        else setSync({ resultado });
        router.refresh();
      });
    });

  return (
    <div className={gestion.acciones}>
      {confirmar ? (
        <ConfirmarEnLinea
          className={gestion.formMotivo}
          botonesClassName={gestion.botones}
          etiqueta={`Eliminar «${f.nombre}»`}
          texto={m.eliminarConfirmacion(f.nombre)}
          boton={m.eliminarBoton}
          ocupado={ocupado}
          onConfirmar={() => hacer(ruta, undefined, () => setConfirmar(false), "DELETE")}
          onCancelar={() => setConfirmar(false)}
        />
      ) : (
        <div className={gestion.botones}>
          <button
            type="button"
            className={ui.buttonOutline}
            disabled={sincronizando || ocupado}
            onClick={sincronizar}
            aria-label={`${m.sincronizarAhora} «${f.nombre}»`}
          >
            {m.sincronizarAhora}
          </button>
          <button
            type="button"
            className={ui.buttonOutline}
            disabled={ocupado}
            onClick={() => hacer(`${ruta}/${f.pausada ? "reanudar" : "pausar"}`, {})}
            aria-label={`${f.pausada ? m.reanudar : m.pausar} «${f.nombre}»`}
          >
            {f.pausada ? m.reanudar : m.pausar}
          </button>
          <button
            type="button"
            className={ui.buttonDanger}
            onClick={() => setConfirmar(true)}
            aria-label={`${m.eliminar} «${f.nombre}»`}
          >
            {m.eliminar}
          </button>
        </div>
      )}
      <div role="status" className={styles.sync}>
        {sincronizando && m.sincronizando}
        {sync && "error" in sync && <p className={ui.error}>{sync.error}</p>}
        {sync && "resultado" in sync && (
          <>
            {sync.resultado.error ? (
              <p className={ui.error}>{sync.resultado.error}</p>
            ) : (
              <p className={ui.success}>{m.sincronizada(m.cifras(sync.resultado))}</p>
            )}
            {sync.resultado.limite !== undefined && <p>{m.limiteAlcanzado(sync.resultado.limite)}</p>}
            {sync.resultado.descartados.length > 0 && <Descartados descartados={sync.resultado.descartados} />}
          </>
        )}
      </div>
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
