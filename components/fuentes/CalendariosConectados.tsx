"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Aviso, Spinner } from "@/components/ui/Field";
import { ConfirmarEnLinea } from "@/components/ui/ConfirmarEnLinea";
import ui from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import { RefrescoMientrasSincroniza } from "./RefrescoMientrasSincroniza";
import { ResultadoFuente, useTextosDeFuente } from "./ResultadoFuente";
import styles from "./Fuentes.module.css";

/** An organization's connected calendar as its card shows it (its last sync already written). */
export interface CalendarioConectado {
  id: string;
  nombre: string;
  url: string;
  cuando: string | null;
  resultado: ResultadoSincronizacion | null;
  sincronizando: boolean;
}

/** How many calendars an organization may connect (lib/fuentes/fuentes.ts says the same to the API). */
const MAXIMO = 3;

/**
 * 'Calendarios conectados' under an organization's card: its iCalendar feeds with how each last
 * synced (read again while one syncs), a field to connect another (up to three) with where each
 * calendar keeps its address, and Desconectar after a confirmation.
 */
export function CalendariosConectados({
  organizacionId,
  calendarios,
}: {
  organizacionId: string;
  calendarios: CalendarioConectado[];
}) {
  const { errorInesperado } = usePalabras("general");
  const p = useTextosDeFuente();
  const router = useRouter();
  const id = useId();
  const [url, setUrl] = useState("");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [confirmar, setConfirmar] = useState<string | null>(null);
  const [ocupado, startTransition] = useTransition();
  const ruta = `/api/organizaciones/${organizacionId}/fuentes`;

  const conectar = (e: React.FormEvent) => {
    e.preventDefault();
    setAviso({});
    startTransition(async () => {
      const r = await llamar("POST", ruta, { url: url.trim() });
      // The answer and the list read again in one transition: they show together.
      startTransition(() => {
        if (!r.ok) return setAviso({ error: mensajeDe(r, errorInesperado) });
        setUrl("");
        setAviso({ exito: mensajeDe(r, p.fuenteCreada) });
        router.refresh();
      });
    });
  };

  const desconectar = (fuenteId: string) => {
    setAviso({});
    startTransition(async () => {
      const r = await llamar("DELETE", `${ruta}/${fuenteId}`);
      startTransition(() => {
        setConfirmar(null);
        if (!r.ok) return setAviso({ error: mensajeDe(r, errorInesperado) });
        setAviso({ exito: mensajeDe(r, p.fuenteEliminada) });
        router.refresh();
      });
    });
  };

  return (
    <section className={styles.calendarios} aria-labelledby={`${id}-titulo`}>
      <RefrescoMientrasSincroniza activo={calendarios.some((c) => c.sincronizando)} />
      <h3 id={`${id}-titulo`} className={styles.calendariosTitulo}>
        {p.calendariosConectados}
      </h3>
      <p id={`${id}-ayuda`} className={styles.ayuda}>
        {p.ayudaCalendario}
      </p>
      {calendarios.length > 0 && (
        <ul className={styles.calendariosLista}>
          {calendarios.map((c) => (
            <li key={c.id} className={styles.calendario}>
              <p className={styles.calendarioNombre}>{c.nombre}</p>
              <p className={styles.calendarioUrl}>{c.url}</p>
              <ResultadoFuente cuando={c.cuando} resultado={c.resultado} sincronizando={c.sincronizando} />
              {confirmar === c.id ? (
                <ConfirmarEnLinea
                  botonesClassName={styles.calendarioAcciones}
                  etiqueta={`${p.desconectar} «${c.nombre}»`}
                  texto={p.desconectarConfirmacion(c.nombre)}
                  boton={p.desconectar}
                  ocupado={ocupado}
                  onConfirmar={() => desconectar(c.id)}
                  onCancelar={() => setConfirmar(null)}
                />
              ) : (
                <div className={styles.calendarioAcciones}>
                  <button
                    type="button"
                    className={ui.buttonDanger}
                    onClick={() => setConfirmar(c.id)}
                    aria-label={`${p.desconectar} «${c.nombre}»`}
                  >
                    {p.desconectar}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {calendarios.length < MAXIMO ? (
        <form className={styles.conectar} onSubmit={conectar}>
          <label htmlFor={`${id}-url`}>{p.direccionCalendario}</label>
          <div className={styles.fila}>
            <input
              id={`${id}-url`}
              className={ui.input}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={2000}
              required
              autoComplete="off"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={`${id}-ayuda`}
            />
            <button type="submit" className="button" disabled={ocupado}>
              {p.conectar}
            </button>
          </div>
          <details className={styles.dondeEncuentro}>
            <summary>{p.dondeEncuentroDireccion}</summary>
            <dl>
              {p.pistasDireccion.map((pista) => (
                <div key={pista.donde}>
                  <dt>{pista.donde}</dt>
                  <dd>{pista.como}</dd>
                </div>
              ))}
            </dl>
          </details>
          {ocupado && confirmar === null && <Spinner etiqueta={p.comprobandoCalendario} />}
        </form>
      ) : (
        <p className={styles.ayuda}>{p.maxCalendarios}</p>
      )}
      <Aviso {...aviso} />
    </section>
  );
}
