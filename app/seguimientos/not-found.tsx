import Link from "@/components/idioma/Enlace";
import styles from "@/components/ui/ui.module.css";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";

/** A follow link that does not exist (mistyped, used, or never sent). */
export default async function EnlaceNoValido() {
  const [general, seguir, p] = await Promise.all([
    palabrasDePagina("general"),
    palabrasDePagina("seguir"),
    palabrasDePagina("perfil"),
  ]);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{general.paginaNoEncontrada}</h1>
      <p>{seguir.seguimientoEnlaceNoValido}</p>
      <p>
        <Link className="button" href="/">
          {p.buscarPlanes}
        </Link>
      </p>
    </section>
  );
}
