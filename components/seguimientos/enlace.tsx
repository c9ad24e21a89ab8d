import "server-only";
import { notFound } from "next/navigation";
import styles from "@/components/ui/ui.module.css";
import { ApiError } from "@/lib/http";

/**
 * Runs a link's lookup for a page: unknown links are the 404 page (not-found.tsx); an expired
 * one is the Spanish message of why (`caducado`). Anything else is the page's error.
 */
export async function conEnlace<T>(leer: () => Promise<T>): Promise<{ valor: T } | { caducado: string }> {
  try {
    return { valor: await leer() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    if (error instanceof ApiError && error.status === 410) return { caducado: error.message };
    throw error;
  }
}

export function EnlaceCaducado({ mensaje }: { mensaje: string }) {
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>Enlace caducado</h1>
      <p role="alert">{mensaje}</p>
    </section>
  );
}
