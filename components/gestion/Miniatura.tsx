import styles from "./gestion.module.css";

/**
 * A plan's poster (or, `logo`, an organization's square logo, shown whole) in a back-office row,
 * or an empty box of the same size, so rows line up.
 */
export function Miniatura({ src, logo = false }: { src: string | null; logo?: boolean }) {
  const clase = logo ? styles.logo : styles.miniatura;
  if (!src) return <span className={clase} aria-hidden="true" />;
  // eslint-disable-next-line @next/next/no-img-element -- the stored variant, already resized
  return <img src={src} alt="" className={clase} width={64} height={logo ? 64 : 80} loading="lazy" />;
}
