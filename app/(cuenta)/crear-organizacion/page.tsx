import type { Metadata } from "next";
import { CreateOrganizationForm } from "@/components/organizaciones/CreateOrganizationForm";
import styles from "@/components/organizaciones/Organizations.module.css";
import ui from "@/components/ui/ui.module.css";
import { requirePageUser } from "@/lib/users/session";

export const metadata: Metadata = { title: "Crear organización", robots: { index: false } };

export default async function CrearOrganizacionPage() {
  await requirePageUser("/crear-organizacion");
  return (
    <section className={`${ui.card} ${styles.formulario}`}>
      <h1 className={ui.cardTitle}>Crear organización</h1>
      <p className={styles.intro}>
        Las organizaciones (asociaciones, peñas, ayuntamientos, negocios…) tienen su propia página con todos los planes
        que publican.
      </p>
      <CreateOrganizationForm />
    </section>
  );
}
