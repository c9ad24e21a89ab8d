"use client";

import Link from "@/components/idioma/Enlace";
import { useCallback, useEffect, useId, useState } from "react";
import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { organizacionPath } from "@/lib/organizaciones/paths";
import styles from "./form.module.css";

export interface OrganizacionResumen {
  _id: string;
  nombre: string;
}

/** Where a new organization is created: a new tab, the form's draft staying in this one. */
const CREAR = "/crear-organizacion";

/**
 * The user's organizations, refreshed on demand and whenever the page comes back into view (an
 * organization is created in another tab, spec §2).
 */
export function useOrganizaciones(iniciales: OrganizacionResumen[]) {
  const [lista, setLista] = useState(iniciales);
  const [error, setError] = useState<string | null>(null);
  const [cargando, setCargando] = useState(false);
  const { errorObtenerOrganizaciones } = usePalabras("publicar");
  const recargar = useCallback(async () => {
    setCargando(true);
    const r = await llamar("GET", "/api/organizacion/organizaciones-usuario");
    setCargando(false);
    if (!r.ok || !Array.isArray(r.data)) return setError(mensajeDe(r, errorObtenerOrganizaciones));
    setError(null);
    setLista((r.data as unknown as OrganizacionResumen[]).map(({ _id, nombre }) => ({ _id, nombre })));
  }, [errorObtenerOrganizaciones]);
  useEffect(() => {
    const alVolver = () => {
      if (document.visibilityState === "visible") void recargar();
    };
    document.addEventListener("visibilitychange", alVolver);
    return () => document.removeEventListener("visibilitychange", alVolver);
  }, [recargar]);
  return { lista, error, cargando, recargar };
}

/**
 * Who organizes the plan (spec §2). The wizard offers a '+' that opens /crear-organizacion in a
 * new tab; the edit page shows the 'Organiza' line and an 'Aquí' link to the same place. Both can
 * refresh the list.
 */
export function OrganizationSelect({
  value,
  onChange,
  organizaciones,
  variante,
}: {
  value: string;
  onChange: (id: string) => void;
  organizaciones: ReturnType<typeof useOrganizaciones>;
  variante: "publicar" | "editar";
}) {
  const id = useId();
  const p = usePalabras("formulario");
  const crear = useRuta()(CREAR);
  const nuevaPestana = <span className="visually-hidden">{` ${p.nuevaPestana}`}</span>;
  const { lista, error, cargando, recargar } = organizaciones;
  const elegida = lista.find((o) => o._id === value);
  return (
    <div className={styles.campo}>
      <label htmlFor={id} className={styles.etiqueta}>
        {p.organizacion}
      </label>
      <div className={styles.filaOrganizacion}>
        <select
          id={id}
          className={styles.select}
          value={elegida ? value : ""}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{p.ninguna}</option>
          {lista.map((o) => (
            <option key={o._id} value={o._id}>
              {o.nombre}
            </option>
          ))}
        </select>
        {variante === "publicar" && (
          <a href={crear} target="_blank" rel="noopener" className={styles.botonIcono} title={p.crearOrganizacion}>
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">{p.crearOrganizacion}</span>
            {nuevaPestana}
          </a>
        )}
        <button
          type="button"
          className={styles.botonIcono}
          title={p.actualizarOrganizaciones}
          aria-label={p.actualizarOrganizaciones}
          disabled={cargando}
          onClick={() => void recargar()}
        >
          <span aria-hidden="true">↻</span>
        </button>
      </div>
      {variante === "editar" && (
        <>
          {elegida && (
            <p className={styles.ayuda}>
              {`${p.organiza} `}
              <Link href={organizacionPath(elegida.nombre, elegida._id)}>{elegida.nombre}</Link>
            </p>
          )}
          <p className={styles.ayuda}>
            {p.noEncuentrasOrganizacion}{" "}
            <a href={crear} target="_blank" rel="noopener">
              {p.aqui}
              {nuevaPestana}
            </a>
            .
          </p>
        </>
      )}
      {variante === "publicar" && <p className={styles.ayuda}>{p.organizacionAyuda}</p>}
      {error && <p className={styles.ayuda}>{error}</p>}
    </div>
  );
}
