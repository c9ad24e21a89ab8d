import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ErrorWidget, ListaWidget, MarcoWidget } from "@/components/widget/ListaWidget";
import { ApiError } from "@/lib/http";
import { conDatos } from "@/lib/con-datos";
import { planesDelWidget } from "@/lib/difusion/embed";
import { leerWidget, MENSAJES_WIDGET, TEMA_DEFECTO } from "@/lib/difusion/widget";
import { site } from "@/lib/site";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Inside other sites' pages: never a search result of its own. */
export const metadata: Metadata = { title: "Planes", robots: { index: false, follow: true } };

/**
 * The widget for town halls and associations: another site frames it (the only page
 * that may be framed, lib/security.ts), anonymous and without the site's header, footer or
 * cookie bar (app/layout.tsx). A link with bad parameters never reaches here: proxy.ts answers
 * it 400 with leerWidget's message.
 */
export default async function EmbedPlanes({ searchParams }: Props) {
  const { nombre, url } = site();
  const ayuda = conDatos(MENSAJES_WIDGET.revisaCodigo, { sitio: url });
  const leido = leerWidget(await searchParams);
  if (!leido.ok) {
    return (
      <MarcoWidget tema={TEMA_DEFECTO}>
        <ErrorWidget mensaje={leido.mensaje} ayuda={ayuda} />
      </MarcoWidget>
    );
  }
  const { fuente, tema, limite } = leido.opciones;
  let datos;
  try {
    datos = await planesDelWidget(fuente, limite);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (
      <MarcoWidget tema={tema}>
        <ErrorWidget mensaje={error.message} ayuda={ayuda} />
      </MarcoWidget>
    );
  }
  if (!datos) notFound();
  return (
    <MarcoWidget tema={tema}>
      <ListaWidget {...datos} sitio={nombre} origen={url} />
    </MarcoWidget>
  );
}
