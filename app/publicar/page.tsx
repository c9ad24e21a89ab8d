import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { ConLecturaDeImagenes } from "@/components/plans/form/LeerPrograma";
import { ocrDisponible } from "@/lib/programas/ocr";
import styles from "@/components/plans/form/form.module.css";
import { PublishWizard, type Duplicado } from "@/components/publicar/PublishWizard";
import { MensajesEnIdioma } from "@/components/ui/errores-campos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { organizacionesDeUsuario } from "@/lib/organizaciones/organizaciones";
import { camposParaDuplicar } from "@/lib/plans/formulario";
import { serializePlan } from "@/lib/plans/plan";
import { leerPlan } from "@/lib/plans/queries";
import { site } from "@/lib/site";
import { requirePageUser } from "@/lib/users/session";
import { ESPACIOS_DEL_FORMULARIO } from "@/components/plans/form/espacios";

export async function generateMetadata(): Promise<Metadata> {
  const { tituloPublicar } = await palabrasDePagina("asistente");
  return { title: tituloPublicar, robots: { index: false } };
}

/** The poster's address as the browser fetches it: ours stay on this origin (same-site fetch, no CORS). */
function direccionCartel(url: string, sitio: string): string {
  return url.startsWith(`${sitio}/`) ? url.slice(sitio.length) : url;
}

/**
 * The wizard; `?duplicar={id}` starts it with a plan of the user's own ('Duplicar' in 'Planes
 * Creados'). Any other id, another person's included, gives the usual wizard and reveals nothing.
 */
export default async function PublicarPage({
  searchParams,
}: {
  searchParams: Promise<{ duplicar?: string | string[] }>;
}) {
  const user = await requirePageUser("/publicar");
  const { duplicar } = await searchParams;
  const [organizaciones, original] = await Promise.all([
    organizacionesDeUsuario(user.id),
    typeof duplicar === "string"
      ? leerPlan(duplicar, { ocultos: true, usuarioId: user.id }).then((p) => p && serializePlan(p))
      : null,
  ]);
  const { contacto, telefonoEquipo, url } = site();
  const p = await palabrasDePagina("asistente");
  const duplicado: Duplicado | null = original && {
    titulo: original.titulo,
    campos: camposParaDuplicar(original),
    cartel: original.archivoCartel && {
      url: direccionCartel(original.archivoCartel.url, url),
      nombre: original.archivoCartel.nombre,
    },
  };
  return (
    <section className={styles.pagina} aria-labelledby="publicar-titulo">
      <h1 id="publicar-titulo" className={styles.tituloPagina}>
        {p.tituloPublicar}
      </h1>
      <ConPalabras espacios={ESPACIOS_DEL_FORMULARIO}>
        <MensajesEnIdioma>
          <ConLecturaDeImagenes disponible={ocrDisponible()}>
            <PublishWizard
              usuarioId={user.id}
              organizaciones={organizaciones.map(({ _id, nombre }) => ({ _id, nombre }))}
              contacto={contacto}
              telefonoEquipo={telefonoEquipo}
              duplicado={duplicado}
            />
          </ConLecturaDeImagenes>
        </MensajesEnIdioma>
      </ConPalabras>
    </section>
  );
}
