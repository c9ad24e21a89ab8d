"use client";

import { useId, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { conDatos } from "@/lib/con-datos";
import type { Categoria } from "@/lib/plans/constants";
import { nombreCategoria } from "@/lib/plans/categorias";
import seguir from "./seguimientos.module.css";

export interface PuebloASeguir {
  /** INE code of the municipality (the gazetteer's id). */
  ine: string;
  nombre: string;
  radio: number;
  /** The search's categories; ['Otros'] or none: all. */
  categorias: string[];
}

/**
 * "Follow this town": the weekly e-mail of its plans. With a session, one tap follows it with
 * the search's radius and categories; without one (or when the session has ended), it asks for
 * an e-mail address and sends the confirmation link. For the home results and the town pages,
 * which provide "seguir".
 */
export function SeguirPueblo({ pueblo, conSesion }: { pueblo: PuebloASeguir; conSesion: boolean }) {
  const p = usePalabras("seguir");
  const categorias = usePalabras("categorias");
  const [pedirCorreo, setPedirCorreo] = useState(!conSesion);
  const [correo, setCorreo] = useState("");
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const idTitulo = useId();
  const nombre = { municipio: pueblo.nombre };
  // Named in the page's language; one this version does not know keeps its own name.
  const tipos = pueblo.categorias
    .filter((c) => c !== "Otros")
    .map((c) => nombreCategoria(c as Categoria, categorias) ?? c);

  async function enviar(email?: string) {
    setEnviando(true);
    setAviso({});
    const r = await llamar("POST", "/api/seguimientos", {
      ine: pueblo.ine,
      radio: pueblo.radio,
      categorias: pueblo.categorias,
      ...(email !== undefined && { email }),
    });
    setEnviando(false);
    if (r.ok) setAviso({ exito: mensajeDe(r, p.seguirError) });
    else if (r.status === 400 && email === undefined && !pedirCorreo) {
      // The session ended: follow by e-mail instead.
      setPedirCorreo(true);
      setAviso({ error: mensajeDe(r, p.seguirError) });
    } else setAviso({ error: mensajeDe(r, p.seguirError) });
  }

  return (
    <section className={seguir.seguir} aria-labelledby={idTitulo}>
      {/* Not a heading: the results' headings are their groups of plans (Hoy, Este fin de semana…). */}
      <p id={idTitulo} className={seguir.seguirTitulo}>
        {conDatos(p.seguirTitulo, nombre)}
      </p>
      <p className={seguir.seguirTexto}>{p.seguirExplicacion}</p>
      <p className={seguir.seguirAlcance}>
        {conDatos(p.seguirAlcance, {
          radio: String(pueblo.radio),
          tipos: tipos.length === 0 ? p.seguirTodosLosTipos : tipos.join(", "),
        })}
      </p>
      {aviso.exito ? (
        <p role="status" className={styles.success}>
          {aviso.exito}
        </p>
      ) : pedirCorreo ? (
        <CorreoParaSeguir
          correo={correo}
          onCorreo={setCorreo}
          onEnviar={() => void enviar(correo)}
          enviando={enviando}
          invalido={Boolean(aviso.error)}
        />
      ) : (
        <button type="button" className="button" disabled={enviando} onClick={() => void enviar()}>
          {conDatos(p.seguirBoton, nombre)}
        </button>
      )}
      {aviso.error && (
        <p role="alert" className={styles.error}>
          {aviso.error}
        </p>
      )}
    </section>
  );
}

/**
 * The e-mail address of someone following without an account (a town, an organization), and the
 * button that sends the confirmation link. `children` goes first in the form (an explanation).
 * In this module because the home carries it: a module of its own costs bytes of its JS budget.
 */
export function CorreoParaSeguir({
  correo,
  onCorreo,
  onEnviar,
  enviando,
  invalido,
  children,
}: {
  correo: string;
  onCorreo: (correo: string) => void;
  onEnviar: () => void;
  enviando: boolean;
  invalido: boolean;
  children?: React.ReactNode;
}) {
  const p = usePalabras("seguir");
  const idCorreo = useId();
  return (
    <form
      className={seguir.formCorreo}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onEnviar();
      }}
    >
      {children}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={idCorreo}>
          {p.seguirCorreoEtiqueta}
        </label>
        <input
          id={idCorreo}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={correo}
          onChange={(e) => onCorreo(e.target.value)}
          aria-invalid={invalido ? true : undefined}
        />
      </div>
      <button type="submit" className="button" disabled={enviando}>
        {p.seguirEnviar}
      </button>
    </form>
  );
}
