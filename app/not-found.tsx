import Link from "@/components/idioma/Enlace";
import { mensajes } from "@/lib/messages";
import styles from "@/components/portada/portada.module.css";

export default function NotFound() {
  return (
    <section className={styles.noEncontrada}>
      <h1>{mensajes.paginaNoEncontrada}</h1>
      <p>Puede que el enlace esté mal escrito o que el plan ya no esté publicado. Hay muchos más esperándote.</p>
      <p className={styles.badges}>
        <Link className="button" href="/">
          Buscar planes
        </Link>
        <Link href="/publicar">Publicar un plan</Link>
      </p>
    </section>
  );
}
