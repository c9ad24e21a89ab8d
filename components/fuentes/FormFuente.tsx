"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { Aviso, Field, Spinner } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { CATEGORIAS } from "@/lib/plans/constants";
import styles from "./Fuentes.module.css";

/**
 * The team adds a source: its address (its kind is learnt from its answer), an optional name, its
 * owner (the team's Agenda Planazo, or an organization), the categories and town its plans get
 * when they say none, and whether they publish directly or wait for review. The server's
 * message shows under the button; on success the list is read again.
 */
export function FormFuente({ organizaciones }: { organizaciones: { id: string; nombre: string }[] }) {
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const id = useId();
  const formulario = useRef<HTMLFormElement>(null);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [ocupado, startTransition] = useTransition();

  function enviar(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const datos = new FormData(e.currentTarget);
    const texto = (k: string) => String(datos.get(k) ?? "").trim();
    const cuerpo = {
      url: texto("url"),
      nombre: texto("nombre") || undefined,
      organizacionId: texto("organizacionId") || null,
      categorias: datos.getAll("categorias").map(String),
      municipio: texto("municipio") || null,
      publicacion: texto("publicacion") || "directa",
    };
    setAviso({});
    startTransition(async () => {
      const r = await llamar<{ fuente?: { nombre: string } }>("POST", "/api/gestion/fuentes", cuerpo);
      // The answer and the list read again in one transition: they show together.
      startTransition(() => {
        if (!r.ok) return setAviso({ error: mensajeDe(r, errorInesperado) });
        formulario.current?.reset();
        setAviso({
          exito: r.data.fuente ? mensajesFuentes.anadida(r.data.fuente.nombre) : mensajeDe(r, errorInesperado),
        });
        router.refresh();
      });
    });
  }

  return (
    <form ref={formulario} className={styles.formulario} onSubmit={enviar}>
      <Field
        etiqueta="Dirección de la fuente"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={2000}
        required
        autoComplete="off"
      />
      <Field etiqueta="Nombre (opcional: si no, el del calendario o la página)" name="nombre" maxLength={100} />
      <div className={ui.field}>
        <label htmlFor={`${id}-org`} className={ui.label}>
          De quién son sus planes
        </label>
        <select id={`${id}-org`} name="organizacionId" className={ui.input} defaultValue="">
          <option value="">{mensajesFuentes.duenaEquipo} (el equipo)</option>
          {organizaciones.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nombre}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.grupo}>
        <legend className={ui.label}>Categorías de sus planes (si la fuente no dice ninguna)</legend>
        <div className={styles.casillas}>
          {CATEGORIAS.map((c) => (
            <label key={c} className={styles.casilla}>
              <input type="checkbox" name="categorias" value={c} /> {c}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        etiqueta="Municipio (opcional: si la fuente no dice dónde)"
        name="municipio"
        maxLength={100}
        autoComplete="off"
      />
      <fieldset className={styles.grupo} aria-describedby={`${id}-ayuda`}>
        <legend className={ui.label}>Publicación</legend>
        <div className={styles.casillas}>
          <label className={styles.casilla}>
            <input type="radio" name="publicacion" value="directa" defaultChecked /> Directa
          </label>
          <label className={styles.casilla}>
            <input type="radio" name="publicacion" value="revision" /> Con revisión
          </label>
        </div>
        <p id={`${id}-ayuda`} className={ui.ayuda}>
          {mensajesFuentes.ayudaPublicacion}
        </p>
      </fieldset>
      <Aviso {...aviso} />
      <div className={ui.actions}>
        <button type="submit" className="button" disabled={ocupado}>
          Añadir fuente
        </button>
        {ocupado && <Spinner etiqueta="Comprobando la dirección…" />}
      </div>
    </form>
  );
}
