import styles from "./PaginaLista.module.css";

/**
 * A personal list page (saved plans, my plans, my organizations): its title, an optional action
 * beside it, and the list or, when there is nothing, the empty text.
 */
export function PaginaLista({
  titulo,
  accion,
  vacio,
  children,
}: {
  titulo: string;
  accion?: React.ReactNode;
  /** Shown instead of the list when set. */
  vacio?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className={styles.pagina} aria-labelledby="lista-titulo">
      <header className={styles.cabecera}>
        <h1 id="lista-titulo" className={styles.titulo}>
          {titulo}
        </h1>
        {accion}
      </header>
      {vacio ? <Vacio>{vacio}</Vacio> : children}
    </section>
  );
}

/** The text of an empty list. */
export function Vacio({ children }: { children: React.ReactNode }) {
  return <div className={styles.vacio}>{children}</div>;
}
