import Link from "@/components/idioma/Enlace";
import { notFound } from "next/navigation";
import { EstadoCorreo } from "@/components/gestion/EstadoCorreo";
import styles from "@/components/gestion/gestion.module.css";
import { exigirGestorPagina, metadatosGestion } from "@/lib/admin/acceso";
import { leerCorreo } from "@/lib/admin/correos";
import { UUID_PATTERN } from "@/lib/schemas";

export const generateMetadata = metadatosGestion("Correo");

type Props = { params: Promise<{ id: string }> };

/**
 * One e-mail as it was sent, text and HTML, with the links that carry a key to the person's
 * account hidden. The HTML is shown in a sandboxed frame: no script runs and no link opens.
 */
export default async function CorreoPage({ params }: Props) {
  const { id } = await params;
  await exigirGestorPagina(`/gestion/correos/${encodeURIComponent(id)}`);
  const correo = UUID_PATTERN.test(id) ? await leerCorreo(id) : null;
  if (!correo) notFound();
  return (
    <>
      <p>
        <Link href="/gestion/correos">« Correos</Link>
      </p>
      <h1 className={styles.titulo}>{correo.subject}</h1>
      <p>Para {correo.to}</p>
      <EstadoCorreo correo={correo} />
      <h2 className={styles.subtitulo}>Texto</h2>
      <pre className={styles.correoTexto}>{correo.text}</pre>
      <h2 className={styles.subtitulo}>Como se ve</h2>
      <iframe className={styles.correoHtml} title={`El correo «${correo.subject}»`} sandbox="" srcDoc={correo.html} />
    </>
  );
}
