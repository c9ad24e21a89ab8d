import type { Metadata } from "next";
import { site } from "@/lib/site";
import { DOCUMENTOS_LEGALES, FECHA_TEXTOS_LEGALES, type DocumentoLegalId } from "./documentos";
import styles from "./legal.module.css";

/** Title, description and canonical address of a legal page. */
export function metadatosLegales(id: DocumentoLegalId): Metadata {
  const { titulo, descripcion } = DOCUMENTOS_LEGALES[id];
  return { title: titulo, description: descripcion, alternates: { canonical: `/${id}` } };
}

/** A legal page: its title, the date of the texts (spec §1) and the text itself. */
export function PaginaLegal({ documento }: { documento: DocumentoLegalId }) {
  const { titulo, Texto } = DOCUMENTOS_LEGALES[documento];
  return (
    <article className={styles.documento}>
      <header className={styles.cabecera}>
        <h1 className={styles.titulo}>{titulo}</h1>
        <p className={styles.fecha}>
          Última actualización: <time dateTime={FECHA_TEXTOS_LEGALES.iso}>{FECHA_TEXTOS_LEGALES.texto}</time>
        </p>
      </header>
      <Texto {...site()} />
    </article>
  );
}
