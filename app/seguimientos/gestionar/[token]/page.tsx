import type { Metadata } from "next";
import Link from "@/components/idioma/Enlace";
import { GestionSeguimientos } from "@/components/seguimientos/GestionSeguimientos";
import seguir from "@/components/seguimientos/seguimientos.module.css";
import { personaDeEnlace, seguimientosDe } from "@/lib/seguimientos/seguimientos";
import { mensajes } from "@/lib/messages";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export const metadata: Metadata = { title: mensajes.seguimientosTitulo, robots: { index: false } };

/** The towns a person follows, from the weekly e-mail's link: no login, the link is the key. */
export default async function GestionarPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(async () => seguimientosDe(await personaDeEnlace(token)));
  if ("caducado" in r) return <EnlaceCaducado mensaje={r.caducado} />;
  return (
    <section className={seguir.pagina}>
      <h1>{mensajes.seguimientosTitulo}</h1>
      <p>{mensajes.seguirExplicacion}</p>
      <GestionSeguimientos inicial={r.valor} token={token} />
      <p>
        <Link href={`/seguimientos/baja/${token}`}>{mensajes.bajaTitulo}</Link>
      </p>
    </section>
  );
}
