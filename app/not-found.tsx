import Link from "@/components/idioma/Enlace";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import styles from "@/components/portada/portada.module.css";

export default async function NotFound() {
  const [general, p] = await Promise.all([palabrasDePagina("general"), palabrasDePagina("perfil")]);
  return (
    <section className={styles.noEncontrada}>
      <h1>{general.paginaNoEncontrada}</h1>
      <p>{p.noEncontradaTexto}</p>
      <p className={styles.badges}>
        <Link className="button" href="/">
          {p.buscarPlanes}
        </Link>
        <Link href="/publicar">{p.publicarUnPlan}</Link>
      </p>
    </section>
  );
}
