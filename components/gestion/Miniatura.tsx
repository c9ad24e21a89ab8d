import styles from "./gestion.module.css";

/** A plan's poster in a back-office row (or an empty box of the same size, so rows line up). */
export function Miniatura({ src }: { src: string | null }) {
  // eslint-disable-next-line @next/next/no-img-element -- the stored variant, already resized
  return src ? <img src={src} alt="" className={styles.miniatura} width={64} height={80} loading="lazy" /> : <span className={styles.miniatura} aria-hidden="true" />;
}
