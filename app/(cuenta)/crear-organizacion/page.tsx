import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { CreateOrganizationForm } from "@/components/organizaciones/CreateOrganizationForm";
import styles from "@/components/organizaciones/Organizations.module.css";
import ui from "@/components/ui/ui.module.css";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { requirePageUser } from "@/lib/users/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).crearOrganizacion, robots: { index: false } };
}

export default async function CrearOrganizacionPage() {
  await requirePageUser("/crear-organizacion");
  const p = await palabrasDePagina("perfil");
  return (
    <section className={`${ui.card} ${styles.formulario}`}>
      <h1 className={ui.cardTitle}>{p.crearOrganizacion}</h1>
      <p className={styles.intro}>{p.crearOrganizacionIntro}</p>
      <ConPalabras espacios={["perfil", "listas", "publicar"]}>
        <CreateOrganizationForm />
      </ConPalabras>
    </section>
  );
}
