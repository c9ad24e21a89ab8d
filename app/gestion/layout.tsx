import { ConPalabras } from "@/components/idioma/ConPalabras";
import { NavGestion } from "@/components/gestion/NavGestion";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import styles from "@/components/gestion/gestion.module.css";

export const generateMetadata = metadatosGestion("Resumen");

/**
 * The team's back-office. The layout checks the role too (pages check it themselves, as they
 * render alongside it): a plain user must get the 404 page, not the back-office's navigation
 * around it.
 */
export default async function GestionLayout({ children }: { children: React.ReactNode }) {
  const gestor = await exigirGestorPagina("/gestion");
  return (
    <div className={styles.gestion}>
      <NavGestion correo={gestor?.email ?? ""} admin={gestor?.rol === "admin"} />
      {/* The shared pieces its forms reuse (the poster picker, a plan's card, the dialogs) read these. */}
      <ConPalabras
        espacios={["formulario", "publicar", "pistas", "asistente", "planes", "plan", "cuenta", "difusion", "fuentes"]}
      >
        <div className={styles.contenido}>{children}</div>
      </ConPalabras>
    </div>
  );
}
