import "server-only";
import { notFound } from "next/navigation";
import styles from "@/components/ui/ui.module.css";
import { ApiError } from "@/lib/http";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";

/**
 * Runs a link's lookup for a page: unknown links are the 404 page (not-found.tsx); an expired
 * one (410) is the page that says so (EnlaceCaducado). Anything else is the page's error.
 */
export async function conEnlace<T>(leer: () => Promise<T>): Promise<{ valor: T } | { caducado: true }> {
  try {
    return { valor: await leer() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    if (error instanceof ApiError && error.status === 410) return { caducado: true };
    throw error;
  }
}

/** An expired link: the API's 410 has one reason, said here in the page's language. */
export async function EnlaceCaducado() {
  const [p, seguir] = await Promise.all([palabrasDePagina("perfil"), palabrasDePagina("seguir")]);
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{p.enlaceCaducado}</h1>
      <p role="alert">{seguir.seguimientoEnlaceCaducado}</p>
    </section>
  );
}
