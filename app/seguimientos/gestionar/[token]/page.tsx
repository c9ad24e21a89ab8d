import type { Metadata } from "next";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import Link from "@/components/idioma/Enlace";
import { GestionSeguimientos } from "@/components/seguimientos/GestionSeguimientos";
import seguir from "@/components/seguimientos/seguimientos.module.css";
import { personaDeEnlace, seguimientosDe } from "@/lib/seguimientos/seguimientos";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conEnlace, EnlaceCaducado } from "@/components/seguimientos/enlace";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await palabrasDePagina("seguir")).seguimientosTitulo, robots: { index: false } };
}

/** The towns a person follows, from the weekly e-mail's link: no login, the link is the key. */
export default async function GestionarPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const r = await conEnlace(async () => seguimientosDe(await personaDeEnlace(token)));
  if ("caducado" in r) return <EnlaceCaducado />;
  const p = await palabrasDePagina("seguir");
  return (
    <section className={seguir.pagina}>
      <h1>{p.seguimientosTitulo}</h1>
      <p>{p.seguirExplicacion}</p>
      <ConPalabras espacios={["perfil", "seguir"]}>
        <GestionSeguimientos inicial={r.valor} token={token} />
      </ConPalabras>
      <p>
        <Link href={`/seguimientos/baja/${token}`}>{p.bajaTitulo}</Link>
      </p>
    </section>
  );
}
