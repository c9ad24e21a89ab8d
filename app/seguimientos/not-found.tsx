import Link from "@/components/idioma/Enlace";
import styles from "@/components/ui/ui.module.css";
import { mensajes } from "@/lib/messages";

/** A follow link that does not exist (mistyped, used, or never sent). */
export default function EnlaceNoValido() {
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{mensajes.paginaNoEncontrada}</h1>
      <p>{mensajes.seguimientoEnlaceNoValido}</p>
      <p>
        <Link className="button" href="/">
          Buscar planes
        </Link>
      </p>
    </section>
  );
}
