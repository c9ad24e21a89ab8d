import type { Metadata } from "next";
import Link from "@/components/idioma/Enlace";
import { BotonBaja } from "@/components/seguimientos/BotonesEnlace";
import styles from "@/components/ui/ui.module.css";
import { personaDeEnlace } from "@/lib/seguimientos/seguimientos";
import { mensajes } from "@/lib/messages";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export const metadata: Metadata = { title: "Darse de baja", robots: { index: false } };

/**
 * Where the e-mail's unsubscribe link (GET /api/seguimientos/baja) lands: it asks with a button,
 * because link scanners open every link of an e-mail.
 */
export default async function BajaPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(() => personaDeEnlace(token));
  if ("caducado" in r) return <EnlaceCaducado mensaje={r.caducado} />;
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{mensajes.bajaTitulo}</h1>
      <p>{mensajes.bajaExplicacion}</p>
      <BotonBaja token={token} />
      <p>
        <Link href={`/seguimientos/gestionar/${token}`}>{mensajes.seguimientosGestionar}</Link>
      </p>
    </section>
  );
}
