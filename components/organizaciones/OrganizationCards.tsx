"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { Vacio } from "@/components/lists/PaginaLista";
import { CalendariosConectados, type CalendarioConectado } from "@/components/fuentes/CalendariosConectados";
import { Aviso, Spinner } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { conDatos } from "@/lib/con-datos";
import { organizacionFormSchema, type FormularioOrganizacion } from "@/lib/organizaciones/schemas";
import { formularioOrganizacion } from "./formulario";
import { OrganizationFields } from "./OrganizationFields";
import styles from "./Organizations.module.css";
import { resolverZod } from "@/components/ui/zod-navegador";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";

/** An organization of the user as the cards need it (paths and URLs resolved on the server). */
export interface OrganizacionTarjeta {
  _id: string;
  nombre: string;
  direccion: string;
  emailContacto: string;
  telefonoContacto: string | null;
  descripcion: string | null;
  /** Its public page. */
  href: string;
  logoUrl: string | null;
  /** Its connected iCalendar feeds (the page reads them for its owner only). */
  calendarios: CalendarioConectado[];
}

type Resultado = { error?: string; exito?: string };

// Every stored organization has a logo, so the update never requires a new one.
const RESOLVER = resolverZod(organizacionFormSchema("actualizar", { logoGuardado: true }));

/**
 * My organizations (spec §2): one editable card each, or the empty text with a link to create
 * one. After an update or a delete the server's list is read again. Its page provides "perfil",
 * "listas", "cuenta" and "publicar".
 */
export function OrganizationCards({ organizaciones }: { organizaciones: OrganizacionTarjeta[] }) {
  const p = usePalabras("perfil");
  const { sinOrganizaciones } = usePalabras("listas");
  const [aviso, setAviso] = useState<Resultado>({});
  return (
    <>
      <Aviso {...aviso} />
      {organizaciones.length === 0 ? (
        <Vacio>
          <p>{sinOrganizaciones}</p>
          <p>
            <Link href="/crear-organizacion">{p.crearUnaOrganizacion}</Link>
          </p>
        </Vacio>
      ) : (
        <ul className={styles.tarjetas}>
          {organizaciones.map((o) => (
            <li key={o._id}>
              <OrganizationCard org={o} onEliminada={setAviso} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OrganizationCard({ org, onEliminada }: { org: OrganizacionTarjeta; onEliminada: (aviso: Resultado) => void }) {
  const p = usePalabras("perfil");
  const listas = usePalabras("listas");
  const { datosActualizados } = usePalabras("cuenta");
  const { orgEliminada } = usePalabras("publicar");
  const router = useRouter();
  const tituloId = useId();
  const [resultado, setResultado] = useState<Resultado>({});
  const [confirmar, setConfirmar] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const { form, raiz: formulario } = useFormularioConPistas<FormularioOrganizacion>({
    resolver: RESOLVER,
    defaultValues: {
      nombre: org.nombre,
      direccion: org.direccion,
      emailContacto: org.emailContacto,
      telefonoContacto: org.telefonoContacto ?? "",
      descripcion: org.descripcion ?? "",
      privacidad: false,
      logo: null,
    },
  });
  const { register, handleSubmit, setValue, control, formState } = form;
  const logo = useWatch({ control, name: "logo" });

  async function actualizar(datos: FormularioOrganizacion) {
    setResultado({});
    const r = await llamar("PATCH", `/api/organizacion/${org._id}`, formularioOrganizacion(datos));
    if (!r.ok) return setResultado({ error: mensajeDe(r, listas.errorActualizarOrg) });
    setValue("logo", null);
    setResultado({ exito: mensajeDe(r, datosActualizados) });
    router.refresh();
  }

  async function eliminar() {
    setEliminando(true);
    const r = await llamar("DELETE", `/api/organizacion/${org._id}`);
    setEliminando(false);
    setConfirmar(false);
    if (!r.ok) return setResultado({ error: mensajeDe(r, listas.errorEliminarOrg) });
    onEliminada({ exito: mensajeDe(r, orgEliminada) });
    router.refresh();
  }

  const ocupado = formState.isSubmitting || eliminando;
  return (
    <article className={styles.tarjeta} aria-labelledby={tituloId}>
      <header className={styles.tarjetaCabecera}>
        <h2 id={tituloId} className={styles.tarjetaTitulo}>
          {org.nombre}
        </h2>
        <Link href={org.href} className={styles.verPagina}>
          {p.verPagina}
          <span className="visually-hidden">{` ${conDatos(p.verPaginaDe, { organizacion: org.nombre })}`}</span>
        </Link>
      </header>
      <form ref={formulario} onSubmit={handleSubmit(actualizar)} noValidate>
        <OrganizationFields
          register={register}
          errores={formState.errors}
          logo={logo}
          onLogo={(archivo) => setValue("logo", archivo, { shouldDirty: true })}
          etiquetaLogo={p.seleccionarNuevoLogo}
          logoActual={
            org.logoUrl ? { url: org.logoUrl, alt: conDatos(p.logoDe, { organizacion: org.nombre }) } : undefined
          }
          direccionObligatoria
        />
        <Aviso error={mensajeDelFormulario(formState.errors) ?? resultado.error} exito={resultado.exito} />
        <div className={ui.actions}>
          <button type="button" className={ui.buttonDanger} onClick={() => setConfirmar(true)} disabled={ocupado}>
            {p.eliminar}
          </button>
          <button type="submit" className="button" disabled={ocupado}>
            {p.actualizar}
          </button>
          {ocupado && <Spinner etiqueta={p.guardando} />}
        </div>
      </form>
      <CalendariosConectados organizacionId={org._id} calendarios={org.calendarios} />
      <Modal
        abierto={confirmar}
        titulo={p.eliminarOrganizacion}
        onCerrar={() => setConfirmar(false)}
        acciones={
          <>
            <button type="button" className={ui.buttonGhost} onClick={() => setConfirmar(false)}>
              {p.cancelar}
            </button>
            <button type="button" className={ui.buttonDangerSolid} onClick={eliminar} disabled={eliminando}>
              {p.eliminar}
            </button>
          </>
        }
      >
        <p>{listas.eliminarOrgConfirmacion}</p>
      </Modal>
    </article>
  );
}
