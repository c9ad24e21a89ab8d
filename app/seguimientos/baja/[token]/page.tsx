import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import Link from "@/components/idioma/Enlace";
import { BotonBaja } from "@/components/seguimientos/BotonesEnlace";
import styles from "@/components/ui/ui.module.css";
import { personaDeEnlace } from "@/lib/seguimientos/seguimientos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).darseDeBaja, robots: { index: false } };
}

/**
 * Where the e-mail's unsubscribe link (GET /api/seguimientos/baja) lands: it asks with a button,
 * because link scanners open every link of an e-mail.
 */
export default async function BajaPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(() => personaDeEnlace(token));
  if ("caducado" in r) return <EnlaceCaducado />;
  const p = await palabrasDePagina("seguir");
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{p.bajaTitulo}</h1>
      <p>{p.bajaExplicacion}</p>
      <ConPalabras espacios={["seguir"]}>
        <BotonBaja token={token} />
      </ConPalabras>
      <p>
        <Link href={`/seguimientos/gestionar/${token}`}>{p.seguimientosGestionar}</Link>
      </p>
    </section>
  );
}
