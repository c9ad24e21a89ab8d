import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { idiomaDePagina } from "@/lib/idioma-de-pagina";
import { conVersiones } from "@/lib/seo/versiones";
import { site } from "@/lib/site";
import { DOCUMENTOS_LEGALES, FECHA_TEXTOS_LEGALES, type DocumentoLegalId } from "./documentos";
import styles from "./legal.module.css";

/** Title, description and canonical address of a legal page. */
/** Its metadata: written in Spanish only, so indexed in Spanish only. */
export function metadatosLegales(id: DocumentoLegalId): () => Promise<Metadata> {
  const { titulo, descripcion } = DOCUMENTOS_LEGALES[id];
  return () => conVersiones({ title: titulo, description: descripcion, alternates: { canonical: `/${id}` } }, ["es"]);
}

/** A legal page: its title, the date of the texts (spec §1) and the text itself. */
export async function PaginaLegal({ documento }: { documento: DocumentoLegalId }) {
  const { titulo, Texto } = DOCUMENTOS_LEGALES[documento];
  const [idioma, t] = await Promise.all([idiomaDePagina(), getTranslations("legal")]);
  return (
    <article className={styles.documento} lang="es">
      {idioma !== "es" && (
        <p className={styles.soloCastellano} lang={idioma}>
          {t("soloCastellano")}
        </p>
      )}
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
