import type { Metadata } from "next";
import styles from "@/components/plans/form/form.module.css";
import { PublishWizard } from "@/components/publicar/PublishWizard";
import { organizacionesDeUsuario } from "@/lib/orgs/organizations";
import { site } from "@/lib/site";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Publicar un plan", robots: { index: false } };

export default async function PublicarPage() {
  const user = await requirePageUser("/publicar");
  const organizaciones = await organizacionesDeUsuario(user.id);
  const { contacto, telefonoEquipo } = site();
  return (
    <section className={styles.pagina} aria-labelledby="publicar-titulo">
      <h1 id="publicar-titulo" className={styles.tituloPagina}>
        Publicar un plan
      </h1>
      <PublishWizard usuarioId={user.id} organizaciones={organizaciones.map(({ _id, nombre }) => ({ _id, nombre }))} contacto={contacto} telefonoEquipo={telefonoEquipo} />
    </section>
  );
}
