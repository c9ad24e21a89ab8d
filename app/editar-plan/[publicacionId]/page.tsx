import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { ConLecturaDeImagenes } from "@/components/plans/form/LeerPrograma";
import { ocrDisponible } from "@/lib/programas/ocr";
import { notFound } from "next/navigation";
import { EditPlanForm } from "@/components/plans/form/EditPlanForm";
import styles from "@/components/plans/form/form.module.css";
import { MensajesEnIdioma } from "@/components/ui/errores-campos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conDatos } from "@/lib/con-datos";
import { origenDelPlan } from "@/lib/fuentes/pantallas";
import { organizacionesDeUsuario } from "@/lib/organizaciones/organizaciones";
import { prisma } from "@/lib/db";
import { idiomasDelPlan } from "@/lib/plans/idiomas";
import { serializePlan } from "@/lib/plans/plan";
import { leerPlan } from "@/lib/plans/queries";
import { requirePageUser } from "@/lib/users/session";
import { ESPACIOS_DEL_FORMULARIO } from "@/components/plans/form/espacios";

export async function generateMetadata(): Promise<Metadata> {
  const { tituloEditar } = await palabrasDePagina("asistente");
  return { title: tituloEditar, robots: { index: false } };
}

interface Props {
  params: Promise<{ publicacionId: string }>;
}

/**
 * Spec §2 'Edit plan': the owner's plan with their organizations; anyone else gets the not-found
 * page. An imported plan its owner has not edited yet says first that editing it here stops its
 * updates from the source.
 */
export default async function EditarPlanPage({ params }: Props) {
  const { publicacionId } = await params;
  const user = await requirePageUser(`/editar-plan/${encodeURIComponent(publicacionId)}`);
  // Hidden and finished plans too: they are the owner's to edit.
  const [plan, organizaciones] = await Promise.all([
    leerPlan(publicacionId, { ocultos: true, usuarioId: user.id }).then((p) => p && serializePlan(p)),
    organizacionesDeUsuario(user.id),
  ]);
  if (!plan) notFound();
  const [origen, idiomas, p] = await Promise.all([
    origenDelPlan(plan._id),
    idiomasDelPlan(plan._id, prisma),
    palabrasDePagina("asistente"),
  ]);
  return (
    <section className={styles.pagina} aria-labelledby="editar-titulo">
      <h1 id="editar-titulo" className={styles.tituloPagina}>
        {p.tituloEditar}
      </h1>
      {origen?.fuente && !origen.editadoPorDuena && (
        <p className={styles.avisoImportado} role="note">
          {conDatos(p.avisoImportado, { fuente: origen.fuente })}
        </p>
      )}
      <ConPalabras espacios={ESPACIOS_DEL_FORMULARIO}>
        <MensajesEnIdioma>
          <ConLecturaDeImagenes disponible={ocrDisponible()}>
            <EditPlanForm
              plan={plan}
              idiomas={idiomas}
              organizaciones={organizaciones.map(({ _id, nombre }) => ({ _id, nombre }))}
            />
          </ConLecturaDeImagenes>
        </MensajesEnIdioma>
      </ConPalabras>
    </section>
  );
}
