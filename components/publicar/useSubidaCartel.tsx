"use client";

import { useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { usePalabras } from "@/components/idioma/Palabras";
import { CAUSA } from "@/components/plans/form/resolver";
import styles from "@/components/plans/form/form.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { primerMensaje } from "@/lib/formularios";
import type { ArchivoTemporal, CamposPlan } from "@/lib/plans/formulario";
import { fallosArchivoCartel } from "@/lib/plans/input";

/** Answers of POST /api/plan/cartel-temporal that refuse the file itself (not a moment's failure). */
const RECHAZOS = new Set([400, 413, 415]);

/**
 * The wizard's poster, stored as soon as it is chosen (POST /api/plan/cartel-temporal): its id
 * and URL go into the form (archivoTemporal), so the draft keeps it and publishing names it. A
 * file the server would refuse is said at the field at once (by name and size before sending it,
 * by content after); when it cannot be stored now (no connection, a server error), the file stays
 * in the form and goes with the plan, as the API has always taken it.
 */
export function useSubidaCartel<C>(form: UseFormReturn<CamposPlan, C>) {
  const p = usePalabras("asistente");
  const { cartelSinGuardar } = usePalabras("publicar");
  const { imagenDefectuosa } = usePalabras("difusion");
  const [estado, setEstado] = useState<"subiendo" | "sinGuardar" | null>(null);
  const pendiente = useRef<Promise<void> | null>(null);
  // A later choice (or a publish) makes the answer of an earlier one irrelevant.
  const vez = useRef(0);

  const elegir = (archivo: File) => {
    const esta = ++vez.current;
    form.clearErrors("cartel");
    form.setValue("archivoTemporal", null, { shouldDirty: true });
    form.setValue("cartel", archivo, { shouldDirty: true });
    const rechazo = primerMensaje(fallosArchivoCartel({ nombre: archivo.name, bytes: archivo.size }));
    if (rechazo) {
      pendiente.current = null;
      setEstado(null);
      form.setError("cartel", { type: CAUSA, message: rechazo });
      return;
    }
    setEstado("subiendo");
    const cuerpo = new FormData();
    cuerpo.set("archivoCartel", archivo, archivo.name);
    pendiente.current = llamar("POST", "/api/plan/cartel-temporal", cuerpo).then((r) => {
      if (esta !== vez.current) return;
      pendiente.current = null;
      if (r.ok) {
        const { _id, urlArchivoTemporal, nombre } = r.data as unknown as ArchivoTemporal;
        form.setValue("archivoTemporal", { _id, urlArchivoTemporal, nombre }, { shouldDirty: true });
        setEstado(null);
      } else if (RECHAZOS.has(r.status)) {
        form.setValue("cartel", null, { shouldDirty: true });
        form.setError("cartel", { type: CAUSA, message: mensajeDe(r, imagenDefectuosa) });
        setEstado(null);
      } else {
        setEstado("sinGuardar");
      }
    });
  };

  /** Before publishing: the poster being stored is waited for, so the plan takes it by its id. */
  const esperar = async () => {
    await pendiente.current;
  };

  /** After publishing, or when the poster is dropped: nothing pending is applied any more. */
  const olvidar = () => {
    vez.current++;
    pendiente.current = null;
    setEstado(null);
  };

  // One live region, always there, so that what it comes to say is announced.
  const linea = (
    <p className={styles.ayuda} role="status">
      {estado === "subiendo" ? p.guardandoCartel : estado === "sinGuardar" ? cartelSinGuardar : ""}
    </p>
  );

  return { elegir, esperar, olvidar, linea };
}
