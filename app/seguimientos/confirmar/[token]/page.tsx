import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { ConfirmarSeguimiento } from "@/components/seguimientos/BotonesEnlace";
import styles from "@/components/ui/ui.module.css";
import { pendienteDeConfirmar } from "@/lib/seguimientos/seguimientos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conDatos } from "@/lib/con-datos";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("perfil")).confirmarCorreoJueves, robots: { index: false } };
}

/**
 * The double opt-in link. Opening it changes nothing (mail scanners open links): the button
 * confirms. Unknown or used link: 404; expired: says so.
 */
export default async function ConfirmarPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(() => pendienteDeConfirmar(token));
  if ("caducado" in r) return <EnlaceCaducado />;
  const p = await palabrasDePagina("seguir");
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{conDatos(p.seguimientoConfirmarTitulo, { municipio: r.valor.nombre })}</h1>
      <p>{p.seguirExplicacion}</p>
      <ConPalabras espacios={["seguir"]}>
        <ConfirmarSeguimiento token={token} />
      </ConPalabras>
    </section>
  );
}
