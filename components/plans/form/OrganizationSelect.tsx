"use client";

import Link from "@/components/idioma/Enlace";
import { useCallback, useEffect, useId, useState } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import styles from "./form.module.css";

export interface OrganizacionResumen {
  _id: string;
  nombre: string;
}

const NUEVA_PESTANA = <span className="visually-hidden"> (se abre en una pestaña nueva)</span>;

/**
 * The user's organizations, refreshed on demand and whenever the page comes back into view (an
 * organization is created in another tab, spec §2).
 */
export function useOrganizaciones(iniciales: OrganizacionResumen[]) {
  const [lista, setLista] = useState(iniciales);
  const [error, setError] = useState<string | null>(null);
  const [cargando, setCargando] = useState(false);
  const recargar = useCallback(async () => {
    setCargando(true);
    const r = await llamar("GET", "/api/organizacion/organizaciones-usuario");
    setCargando(false);
    if (!r.ok || !Array.isArray(r.data)) return setError(mensajeDe(r, mensajes.errorObtenerOrganizaciones));
    setError(null);
    setLista((r.data as unknown as OrganizacionResumen[]).map(({ _id, nombre }) => ({ _id, nombre })));
  }, []);
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
  const { lista, error, cargando, recargar } = organizaciones;
  const elegida = lista.find((o) => o._id === value);
  return (
    <div className={styles.campo}>
      <label htmlFor={id} className={styles.etiqueta}>
        Organización
      </label>
      <div className={styles.filaOrganizacion}>
        <select
          id={id}
          className={styles.select}
          value={elegida ? value : ""}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Ninguna</option>
          {lista.map((o) => (
            <option key={o._id} value={o._id}>
              {o.nombre}
            </option>
          ))}
        </select>
        {variante === "publicar" && (
          <a
            href="/crear-organizacion"
            target="_blank"
            rel="noopener"
            className={styles.botonIcono}
            title="Crear una organización"
          >
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">Crear una organización</span>
            {NUEVA_PESTANA}
          </a>
        )}
        <button
          type="button"
          className={styles.botonIcono}
          title="Actualizar la lista de organizaciones"
          aria-label="Actualizar la lista de organizaciones"
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
              Organiza: <Link href={organizacionPath(elegida.nombre, elegida._id)}>{elegida.nombre}</Link>
            </p>
          )}
          <p className={styles.ayuda}>
            ¿No encuentras tu organización? Créala{" "}
            <a href="/crear-organizacion" target="_blank" rel="noopener">
              Aquí
              {NUEVA_PESTANA}
            </a>
            .
          </p>
        </>
      )}
      {variante === "publicar" && (
        <p className={styles.ayuda}>
          ¿Organizas el plan con una asociación, un ayuntamiento o una empresa? Créala con «+» y actualiza la lista.
        </p>
      )}
      {error && <p className={styles.ayuda}>{error}</p>}
    </div>
  );
}
