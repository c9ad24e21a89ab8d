import Link from "@/components/idioma/Enlace";
import { FormPatrocinio } from "@/components/gestion/FormPatrocinio";
import { SoloAdmin } from "@/components/gestion/SoloAdmin";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";

export const generateMetadata = metadatosGestion("Nuevo patrocinio");

/** A new sponsor card (admin only): last in the turn once created. */
export default async function NuevoPatrocinioPage() {
  if (!(await exigirGestorPagina("/gestion/patrocinios/nuevo", "admin")))
    return <SoloAdmin titulo="Nuevo patrocinio" />;
  return (
    <>
      <p>
        <Link href="/gestion/patrocinios">« Patrocinios</Link>
      </p>
      <h1 className={styles.titulo}>Nuevo patrocinio</h1>
      <FormPatrocinio />
    </>
  );
}
