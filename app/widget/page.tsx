import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { ConstructorWidget } from "@/components/widget/ConstructorWidget";
import { organizacionesDeUsuario } from "@/lib/organizaciones/organizaciones";
import { UUID_PATTERN } from "@/lib/schemas";
import { site } from "@/lib/site";
import { currentUser } from "@/lib/users/session";

const METADATOS: Metadata = {
  title: "Widget para tu web",
  description:
    "Muestra los próximos planes de tu pueblo o de tu asociación en la web del ayuntamiento: elige qué mostrar, copia el código y pégalo.",
  alternates: { canonical: "/widget" },
};

export function generateMetadata(): Promise<Metadata> {
  return conVersiones(METADATOS, ["es"]);
}

/** The namespaces the builder's town search box reads; the builder's own words are Spanish, as the page is. */
const ESPACIOS = ["ubicacion", "buscador"] as const;

/**
 * /widget: builds the code a town hall or an association pastes in its page. Open
 * to everyone; a logged-in person also picks among their own organizations.
 */
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function WidgetPage({ searchParams }: Props) {
  const { nombre, url } = site();
  const pedida = (await searchParams).organizacion;
  const organizacionInicial = typeof pedida === "string" && UUID_PATTERN.test(pedida) ? pedida.toLowerCase() : null;
  const usuario = await currentUser();
  const organizaciones = usuario
    ? (await organizacionesDeUsuario(usuario.id)).map((o) => ({ id: o._id, nombre: o.nombre }))
    : [];
  return (
    <>
      <h1>Los planes de tu pueblo, en tu web</h1>
      <p>
        Si eres de un ayuntamiento o de una asociación, puedes mostrar en vuestra página web los próximos planes de{" "}
        {nombre}: elige qué planes mostrar, mira cómo queda y copia el código. Es gratis y se actualiza solo.
      </p>
      <ConPalabras espacios={ESPACIOS}>
        <ConstructorWidget
          origen={url}
          sitio={nombre}
          organizaciones={organizaciones}
          organizacionInicial={organizacionInicial}
        />
      </ConPalabras>
    </>
  );
}
