"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { usePalabras } from "@/components/idioma/Palabras";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { enlaceWhatsApp } from "@/components/plans/enlaces";
import { Aviso, conElementos, Field } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { conDatos } from "@/lib/con-datos";
import { destacadoSchema } from "@/lib/solicitudes/schemas";
import { resolverZod } from "@/components/ui/zod-navegador";

export interface PlanPublicado {
  _id: string;
  titulo: string;
  urlPlan: string;
}

/**
 * After publishing a plan priced above 10 (spec §2, §4, §9): an offer to feature it. The phone is
 * required (the API's own schema); the request goes to POST /api/emailDestacado, and e-mail and
 * WhatsApp are offered as other ways. Closing it is the caller's to decide (the wizard shows its success screen).
 */
export function PromotionModal({
  plan,
  contacto,
  telefonoEquipo,
  onCerrar,
}: {
  plan: PlanPublicado | null;
  contacto: string;
  /** The team's chat phone (PROMOTION_PHONE); without it only the e-mail is offered. */
  telefonoEquipo: string | null;
  onCerrar: () => void;
}) {
  const p = usePalabras("asistente");
  const g = usePalabras("general");
  const { errorDestacarPlan, promocionTitulo } = usePalabras("publicar");
  const { destacadoEnviado } = usePalabras("planes");
  const [resultado, setResultado] = useState<{ error?: string; exito?: string }>({});
  const { register, handleSubmit, reset, formState } = useForm<{ telefono: string }>({
    // The form asks only for the phone; the rest of the API's body comes from the plan.
    resolver: resolverZod(destacadoSchema.pick({ telefono: true })),
    defaultValues: { telefono: "" },
  });

  async function enviar({ telefono }: { telefono: string }) {
    if (!plan) return;
    setResultado({});
    const r = await llamar("POST", "/api/emailDestacado", {
      telefono,
      nombrePlan: plan.titulo,
      idPlan: plan._id,
      origen: "Web app",
    });
    if (!r.ok) return setResultado({ error: mensajeDe(r, errorDestacarPlan) });
    reset({ telefono: "" });
    setResultado({ exito: mensajeDe(r, destacadoEnviado) });
  }

  const texto = plan ? conDatos(p.textoDestacar, { titulo: plan.titulo, url: plan.urlPlan }) : "";
  const correo = (
    <a href={`mailto:${contacto}?subject=${encodeURIComponent(p.asuntoDestacar)}&body=${encodeURIComponent(texto)}`}>
      {contacto}
    </a>
  );
  return (
    <Modal
      abierto={plan !== null}
      titulo={promocionTitulo}
      onCerrar={onCerrar}
      acciones={
        <button type="button" className={ui.buttonGhost} onClick={onCerrar}>
          {p.cerrar}
        </button>
      }
    >
      <p>{p.promocionTexto}</p>
      <form onSubmit={handleSubmit(enviar)} noValidate>
        <Field
          etiqueta={p.telefono}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={50}
          {...register("telefono")}
        />
        <Aviso error={formState.errors.telefono?.message ?? resultado.error} exito={resultado.exito} />
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {p.quieroDestacarlo}
        </button>
      </form>
      <p>
        {telefonoEquipo
          ? conElementos(p.escribenosOWhatsApp, {
              correo,
              whatsapp: (
                <a href={enlaceWhatsApp([texto], telefonoEquipo)} target="_blank" rel="noopener noreferrer">
                  WhatsApp
                  <span className="visually-hidden">{` ${g.nuevaPestana}`}</span>
                </a>
              ),
            })
          : conElementos(p.escribenos, { correo })}
      </p>
    </Modal>
  );
}
