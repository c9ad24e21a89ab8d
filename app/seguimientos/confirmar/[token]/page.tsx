import type { Metadata } from "next";
import { ConfirmarSeguimiento } from "@/components/seguimientos/BotonesEnlace";
import styles from "@/components/ui/ui.module.css";
import { pendienteDeConfirmar } from "@/lib/seguimientos/seguimientos";
import { conDatos, mensajes } from "@/lib/messages";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export const metadata: Metadata = { title: "Confirmar el correo de los jueves", robots: { index: false } };

/**
 * The double opt-in link. Opening it changes nothing (mail scanners open links): the button
 * confirms. Unknown or used link: 404; expired: says so.
 */
export default async function ConfirmarPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(() => pendienteDeConfirmar(token));
  if ("caducado" in r) return <EnlaceCaducado mensaje={r.caducado} />;
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>
        {conDatos(mensajes.seguimientoConfirmarTitulo, { municipio: r.valor.nombre })}
      </h1>
      <p>{mensajes.seguirExplicacion}</p>
      <ConfirmarSeguimiento token={token} />
    </section>
  );
}
